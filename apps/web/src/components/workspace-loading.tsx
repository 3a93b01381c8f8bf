import { Center, Loader, Stack, Text } from '@mantine/core';

/** The workspace pages' loading state, with the spec's visible label ('Checking Access...'). */
export function WorkspaceLoading({ label }: { label: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
