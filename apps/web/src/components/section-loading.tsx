import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section of a page whose data is on its way: a busy status (`role="status"`, polite,
 * `aria-busy`) with a loader and its label, or with the section's own skeletons in place of them
 * (the label is then the status's name). A page the server rendered with the section left to the
 * app (issue 22) starts the app right after its first paint when it shows one
 * (public/after-paint.js); without it the section said "Loading" until the visitor moved the mouse
 * (Team Scores did, 2026-11-27). Every section the workspace page leaves to the app loads through
 * this one (app/prerender.test.tsx checks each role and section).
 */
export function SectionLoading({ label, children }: { label: string; children?: ReactNode }) {
  if (children !== undefined) {
    return (
      <Stack gap="sm" role="status" aria-live="polite" aria-busy="true" aria-label={label}>
        {children}
      </Stack>
    );
  }
  return (
    <Group gap="xs" role="status" aria-live="polite" aria-busy="true">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
