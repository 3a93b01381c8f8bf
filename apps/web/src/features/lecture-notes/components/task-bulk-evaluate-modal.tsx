import { Badge, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import {
  BULK_MAX_SCORE_MAX,
  BULK_MAX_SCORE_MIN,
  bulkMaxScoreFrom,
  taskBulkEvaluationForm,
} from '@teamshuffle/domain';
import type { TaskView } from '@teamshuffle/domain';
import { useState } from 'react';
import {
  BulkFeedbackInput,
  BulkGradeFooter,
  BulkScoreInput,
} from '../../../components/bulk-grade-fields';
import {
  browserStorage,
  readBulkMaxScore,
  rememberBulkMaxScore,
  rescaleBulkScores,
} from '../../../components/bulk-max-score';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useEvaluateTaskBulk } from '../api/evaluate-task-bulk';
import { changedTaskBulkEntries, initialTaskBulkEntries, taskBulkRows } from '../utils/task-bulk';
import type { TaskBulkRow } from '../utils/task-bulk';
import { useCloseWhenSaved } from '../../../lib/use-close-when-saved';

interface TaskBulkEvaluateModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  noteId: string;
  task: TaskView;
  /** Changes each time the modal opens, so the form starts afresh. */
  formKey: number;
}

/**
 * "Grade all" for a note's task (owner; issue 25, decision 0025): per team (team task) or per
 * member (individual task), with the assignments' bulk rules: a score outside 0..max is its row's
 * error and nothing is sent, an empty score with feedback saves the feedback only, all or nothing.
 * The maximum is remembered per note on this device, and prefilled grades follow it, as there.
 */
export function TaskBulkEvaluateModal({
  opened,
  onClose,
  workspaceId,
  noteId,
  task,
  formKey,
}: TaskBulkEvaluateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('lectureNotes.grading.title')}
      size="xl"
      centered
    >
      {opened ? (
        <TaskBulkForm
          key={formKey}
          workspaceId={workspaceId}
          noteId={noteId}
          task={task}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function rowLabel(row: TaskBulkRow, t: ReturnType<typeof useTranslation>['t']) {
  return row.name === null
    ? {
        score: t('lectureNotes.grading.scoreLabelTeam', { number: row.teamNumber }),
        feedback: t('lectureNotes.grading.feedbackLabelTeam', { number: row.teamNumber }),
      }
    : {
        score: t('lectureNotes.grading.scoreLabelMember', { name: row.name }),
        feedback: t('lectureNotes.grading.feedbackLabelMember', { name: row.name }),
      };
}

function TaskBulkForm({
  workspaceId,
  noteId,
  task,
  onClose,
}: {
  workspaceId: string;
  noteId: string;
  task: TaskView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const evaluateAll = useEvaluateTaskBulk();
  const [rows] = useState(() => taskBulkRows(task, t('lectureNotes.panel.deletedAccount')));
  const [initialValues] = useState(() => {
    // spec part 2, section 5: the maximum typed last time, remembered per note on this device
    const maxScore = readBulkMaxScore(browserStorage(), { noteId });
    return { maxScore, entries: initialTaskBulkEntries(rows, maxScore) };
  });
  const form = useSchemaForm(taskBulkEvaluationForm, { initialValues });
  // The scale the rows' prefilled grades are on (they follow the maximum as it changes).
  const [entriesScale, setEntriesScale] = useState(initialValues.maxScore);
  const [isSaved, setIsSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const maxScore = bulkMaxScoreFrom(form.values.maxScore);

  useCloseWhenSaved(isSaved, onClose);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    rememberBulkMaxScore(browserStorage(), { noteId }, values.maxScore);
    const entries = changedTaskBulkEntries(values, rows);
    if (entries.length === 0) {
      notify.info(t('lectureNotes.grading.noChanges'));
      return;
    }
    evaluateAll.mutate(
      { workspaceId, noteId, evaluations: { maxScore: values.maxScore, entries } },
      {
        onSuccess: () => setIsSaved(true),
        onError: (error) => {
          const message = apiErrorMessage(error, t('lectureNotes.grading.failed'));
          notify.error(message);
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setFailure(message);
          }
        },
      },
    );
  });

  const entriesError = form.errors['entries'];
  const isTeamTask = task.assignmentType === 'team';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {isTeamTask
            ? t('lectureNotes.grading.introTeam', { title: task.title })
            : t('lectureNotes.grading.introIndividual', { title: task.title })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('grading.emptyMeansNoScore')} {t('lectureNotes.grading.noAnswerHint')}
        </Text>
        <NumberInput
          label={t('lectureNotes.grading.maxScoreLabel')}
          description={t('lectureNotes.grading.maxScoreHint')}
          min={BULK_MAX_SCORE_MIN}
          max={BULK_MAX_SCORE_MAX}
          allowDecimal={false}
          allowNegative={false}
          maw={260}
          disabled={isSaved}
          {...form.getInputProps('maxScore')}
          onChange={(value: number | string) => {
            form.setFieldValue('maxScore', value);
            if (value === '') return;
            const toMax = bulkMaxScoreFrom(value);
            form.setFieldValue(
              'entries',
              rescaleBulkScores(
                form.values.entries,
                rows.map((row) => row.evaluation),
                entriesScale,
                toMax,
              ),
            );
            setEntriesScale(toMax);
            rememberBulkMaxScore(browserStorage(), { noteId }, value);
          }}
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lectureNotes.grading.noRows')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" striped layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lectureNotes.grading.who')}</Table.Th>
                  <Table.Th>{t('lectureNotes.grading.score')}</Table.Th>
                  <Table.Th>{t('lectureNotes.grading.feedback')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const labels = rowLabel(row, t);
                  return (
                    <Table.Tr key={row.key} data-testid={`task-bulk-row-${index}`}>
                      <Table.Td>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {row.name ?? t('lectureNotes.task.teamName', { number: row.teamNumber })}
                        </Text>
                        {row.name !== null ? (
                          <Text size="xs" c="dimmed">
                            {t('lectureNotes.task.teamName', { number: row.teamNumber })}
                          </Text>
                        ) : null}
                        <Badge size="xs" variant="light" color={row.hasAnswer ? 'teal' : 'gray'}>
                          {row.hasAnswer
                            ? t('lectureNotes.grading.submitted')
                            : t('lectureNotes.grading.noAnswer')}
                        </Badge>
                        {row.evaluation?.score === null ? (
                          <Text size="xs" c="dimmed">
                            {t('grading.feedbackOnly')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <BulkScoreInput
                          aria-label={labels.score}
                          max={maxScore}
                          disabled={isSaved || !row.hasAnswer}
                          {...form.getInputProps(`entries.${index}.score`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <BulkFeedbackInput
                          aria-label={labels.feedback}
                          disabled={isSaved || !row.hasAnswer}
                          {...form.getInputProps(`entries.${index}.feedback`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <BulkGradeFooter
          entriesError={entriesError}
          isSaved={isSaved}
          failure={failure}
          isSaving={evaluateAll.isPending}
          isSaveDisabled={isSaved || rows.length === 0}
          onClose={onClose}
          text={{
            saved: t('lectureNotes.grading.saved'),
            close: t('lectureNotes.grading.close'),
            save: t('lectureNotes.grading.save'),
          }}
        />
      </Stack>
    </form>
  );
}
