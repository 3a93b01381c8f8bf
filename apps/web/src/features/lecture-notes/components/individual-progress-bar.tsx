import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { IndividualTaskState } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { individualProgress } from '../utils/task-view';

/** 'x / y submitted' with the bar (green complete, yellow from half, blue below) and 'Team Complete'. */
export function IndividualProgressBar({ team }: { team: IndividualTaskState }) {
  const { t } = useTranslation();
  const progress = individualProgress(team);
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="xs" c="dimmed" data-testid="task-progress">
          {t('lectureNotes.task.progress', {
            submitted: progress.submitted,
            total: progress.total,
          })}
        </Text>
        {progress.isComplete ? (
          <Badge size="xs" color="green" variant="filled">
            {t('lectureNotes.task.teamComplete')}
          </Badge>
        ) : null}
      </Group>
      <Progress
        value={progress.percent}
        color={progress.color}
        size="sm"
        aria-label={t('lectureNotes.task.progressLabel', { number: team.teamNumber })}
        data-testid="task-progress-bar"
        data-color={progress.color}
      />
    </Stack>
  );
}
