import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { NotificationCounts as Counts } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';

const FIGURES = ['total', 'unread', 'read'] as const;

/** Total, unread and read (spec part 1, section 2). */
export function NotificationCounts({ counts }: { counts: Counts | undefined }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('notifications.counts.label')}>
      {FIGURES.map((figure) => (
        <Paper key={figure} withBorder radius="md" px="sm" py={6} miw={84}>
          <Text size="xs" c="dimmed">
            {t(`notifications.counts.${figure}`)}
          </Text>
          {counts ? (
            <Text fw={700} fz="lg" lh={1.3} data-testid={`notification-count-${figure}`}>
              {counts[figure]}
            </Text>
          ) : (
            <Skeleton h={22} w={32} mt={2} />
          )}
        </Paper>
      ))}
    </Group>
  );
}
