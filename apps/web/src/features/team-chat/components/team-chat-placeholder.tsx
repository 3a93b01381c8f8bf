import { Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

interface TeamChatPlaceholderProps {
  workspaceId: string;
  teamId: string;
}

/**
 * Spec part 1, section 2: the team chat is a placeholder showing the ids and a notice (Korean in
 * the spec; in the chosen language since issue 27).
 */
export function TeamChatPlaceholder({ workspaceId, teamId }: TeamChatPlaceholderProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMessageCircle size={34} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('pages.teamChat')}</Title>
        <Stack gap={6}>
          <Group gap="xs" justify="center">
            <Text c="dimmed">{t('teamChat.workspaceId')}:</Text>
            <Code data-testid="chat-workspace-id">{workspaceId}</Code>
          </Group>
          <Group gap="xs" justify="center">
            <Text c="dimmed">{t('teamChat.teamId')}:</Text>
            <Code data-testid="chat-team-id">{teamId}</Code>
          </Group>
        </Stack>
        <Text size="lg" fw={500}>
          {t('teamChat.comingSoon')}
        </Text>
      </Stack>
    </Paper>
  );
}
