import { Anchor, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { formatFileSize } from '@teamshuffle/domain';
import type { AssignmentAttempt } from '@teamshuffle/domain';
import { SubmitterNowNote } from '../../../components/submitter-now';
import { useTranslation } from '../../../lib/i18n';
import { filePath } from '../api/downloads';
import { DeleteAttemptButton } from './delete-attempt-button';
import { EvaluationLine } from './evaluation-line';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/**
 * One attempt at an assignment: when and by whom, late or not, its files (links while the bytes
 * are kept), the notes (for the owner and their writer) and the grade given to this attempt.
 */
export function AttemptView({
  attempt,
  canDownload,
  deletion = null,
}: {
  attempt: AssignmentAttempt;
  /** The owner and the team's members may download the files (issue 25; the server decides). */
  canDownload: boolean;
  /** Who may delete it here (the owner, or the team's leader), or null (decision 0016). */
  deletion?: { workspaceId: string; assignmentId: string; isOwner: boolean } | null;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="attempt" data-attempt={attempt.attempt}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t('assignments.status.attempt', { attempt: attempt.attempt })}
          </Text>
          <Text size="sm" c="dimmed">
            {dates.dateTime(attempt.submittedAt)}
          </Text>
          {attempt.submittedBy ? (
            <>
              <Text size="sm" c="dimmed">
                {t('assignments.panel.submittedBy', { name: attempt.submittedBy.name })}
              </Text>
              <SubmitterNowNote
                name={attempt.submittedBy.name}
                now={attempt.submitterNow}
                size="sm"
              />
            </>
          ) : attempt.files ? (
            // Details shown but no one named: the submitter's account was deleted (decision 0016).
            <Text size="sm" c="dimmed" data-testid="deleted-account">
              {t('assignments.panel.submittedBy', { name: t('assignments.panel.deletedAccount') })}
            </Text>
          ) : null}
          {attempt.byOwner ? (
            // issue 25: the owner handed it in on the team's behalf (spec part 2, section 6)
            <Badge color="violet" variant="light" size="sm" data-testid="by-owner">
              {t('grading.byOwner')}
            </Badge>
          ) : null}
          {attempt.deletedAt ? (
            <Badge
              color="gray"
              variant="outline"
              size="sm"
              title={t('assignments.panel.deletedAt', { date: dates.dateTime(attempt.deletedAt) })}
              data-testid="deleted-attempt"
            >
              {t('assignments.panel.deletedAttempt')}
            </Badge>
          ) : null}
          {attempt.isLate ? (
            <Badge color="red" variant="light" size="sm" title={t('assignments.panel.lateAttempt')}>
              {t('assignments.status.late')}
            </Badge>
          ) : null}
        </Group>
        {attempt.files && attempt.files.length > 0 ? (
          <List
            size="sm"
            spacing={2}
            icon={<IconFile size={14} aria-hidden="true" />}
            aria-label={t('assignments.panel.files')}
          >
            {attempt.files.map((file, index) => (
              <List.Item key={`${file.fileId ?? 'gone'}-${index}`}>
                {file.fileId && canDownload ? (
                  <Anchor href={filePath(file.fileId)} download={file.name} size="sm">
                    {file.name}
                  </Anchor>
                ) : file.fileId ? (
                  <Text span size="sm">
                    {file.name}
                  </Text>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {attempt.deletedAt
                      ? t('assignments.panel.fileDeleted', { name: file.name })
                      : t('assignments.panel.fileRemoved', { name: file.name })}
                  </Text>
                )}{' '}
                <Text span size="xs" c="dimmed">
                  ({formatFileSize(file.size)})
                </Text>
              </List.Item>
            ))}
          </List>
        ) : null}
        {attempt.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              {t('assignments.panel.notes')}:
            </Text>{' '}
            {attempt.notes}
          </Text>
        ) : null}
        {attempt.evaluation ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('assignments.grade.forAttempt', { attempt: attempt.attempt })}
            </Text>
            <EvaluationLine evaluation={attempt.evaluation} />
          </Stack>
        ) : null}
        {deletion && !attempt.deletedAt ? (
          <DeleteAttemptButton
            workspaceId={deletion.workspaceId}
            assignmentId={deletion.assignmentId}
            attempt={attempt}
            isOwner={deletion.isOwner}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
