import { Badge, Group, Modal, NumberInput, Stack, Switch, Table, Text } from '@mantine/core';
import {
  BULK_MAX_SCORE_MAX,
  BULK_MAX_SCORE_MIN,
  bulkEvaluationForm,
  bulkMaxScoreFrom,
} from '@teamshuffle/domain';
import type { AssignmentView } from '@teamshuffle/domain';
import { useState } from 'react';
import {
  BulkFeedbackInput,
  BulkGradeFooter,
  BulkScoreInput,
} from '../../../components/bulk-grade-fields';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useEvaluateTeams } from '../api/evaluate-teams';
import {
  browserStorage,
  readBulkMaxScore,
  rememberBulkMaxScore,
} from '../../../components/bulk-max-score';
import {
  changedBulkEntries,
  initialBulkEntries,
  rescaleBulkEntries,
} from '../utils/bulk-evaluation';
import type { WindowPhase } from '../utils/assignment-window';
import { gradeTarget, teamStatus } from '../utils/team-state';
import { useCloseWhenSaved } from '../../../lib/use-close-when-saved';

interface BulkEvaluateModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  assignment: AssignmentView | null;
  phase: WindowPhase;
  /** Changes each time the modal opens, so the form starts afresh. */
  formKey: number;
}

/**
 * Bulk evaluation (owner; spec part 2, section 5): every team in one dialog on a scale of 1 to
 * 1000 (default 100, remembered per assignment on this device), stored as a percent of it, all
 * saved in one request that succeeds or fails as a whole. Issue 25: a score out of 0..max is its
 * row's error (never clamped), an empty score with feedback saves the feedback only, and a team
 * that handed nothing in is graded only with its "No submission" switch on.
 */
export function BulkEvaluateModal({
  opened,
  onClose,
  workspaceId,
  assignment,
  phase,
  formKey,
}: BulkEvaluateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('assignments.bulk.title')} size="xl" centered>
      {assignment ? (
        <BulkForm
          key={formKey}
          workspaceId={workspaceId}
          assignment={assignment}
          phase={phase}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function BulkForm({
  workspaceId,
  assignment,
  phase,
  onClose,
}: {
  workspaceId: string;
  assignment: AssignmentView;
  phase: WindowPhase;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const evaluateAll = useEvaluateTeams();
  const [initialValues] = useState(() => {
    const maxScore = readBulkMaxScore(browserStorage(), { assignmentId: assignment.id });
    return { maxScore, entries: initialBulkEntries(assignment.teams, maxScore) };
  });
  const form = useSchemaForm(bulkEvaluationForm, { initialValues });
  // The scale the rows' prefilled grades are on (they follow the maximum as it changes).
  const [entriesScale, setEntriesScale] = useState(initialValues.maxScore);
  const [isSaved, setIsSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const maxScore = bulkMaxScoreFrom(form.values.maxScore);

  useCloseWhenSaved(isSaved, onClose);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    rememberBulkMaxScore(browserStorage(), { assignmentId: assignment.id }, values.maxScore);
    const entries = changedBulkEntries(values, assignment.teams);
    if (entries.length === 0) {
      notify.info(t('assignments.bulk.noChanges'));
      return;
    }
    evaluateAll.mutate(
      {
        workspaceId,
        assignmentId: assignment.id,
        evaluations: { maxScore: values.maxScore, entries },
      },
      {
        onSuccess: () => setIsSaved(true),
        onError: (error) => {
          const message = apiErrorMessage(error, t('assignments.bulk.failed'));
          notify.error(message);
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setFailure(message);
          }
        },
      },
    );
  });

  const maxScoreProps = form.getInputProps('maxScore');
  const entriesError = form.errors['entries'];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('assignments.bulk.intro', { title: assignment.title })}</Text>
        <Text size="xs" c="dimmed">
          {t('grading.emptyMeansNoScore')} {t('grading.noSubmissionHint')}
        </Text>
        <NumberInput
          label={t('assignments.bulk.maxScoreLabel')}
          description={t('assignments.bulk.maxScoreHint')}
          min={BULK_MAX_SCORE_MIN}
          max={BULK_MAX_SCORE_MAX}
          allowDecimal={false}
          allowNegative={false}
          maw={260}
          disabled={isSaved}
          {...maxScoreProps}
          onChange={(value: number | string) => {
            form.setFieldValue('maxScore', value);
            if (value === '') return;
            const toMax = bulkMaxScoreFrom(value);
            form.setFieldValue(
              'entries',
              rescaleBulkEntries(form.values.entries, assignment.teams, entriesScale, toMax),
            );
            setEntriesScale(toMax);
            // spec part 2, section 5: remembered per assignment in local storage
            rememberBulkMaxScore(browserStorage(), { assignmentId: assignment.id }, value);
          }}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assignments.bulk.team')}</Table.Th>
                <Table.Th>{t('assignments.bulk.status')}</Table.Th>
                <Table.Th>{t('assignments.bulk.score')}</Table.Th>
                <Table.Th>{t('assignments.bulk.feedback')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assignment.teams.map((team, index) => {
                const status = teamStatus(team, phase);
                const target = gradeTarget(team);
                return (
                  <Table.Tr key={team.teamId} data-testid={`bulk-team-${team.teamNumber}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t('assignments.team', { number: team.teamNumber })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {team.leaderName ?? t('assignments.noLeader')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge color={status.color} size="sm">
                          {status.kind === 'submitted'
                            ? t('assignments.status.submitted')
                            : t('assignments.status.pending')}
                        </Badge>
                        {status.isLate ? (
                          <Badge color="red" variant="light" size="sm">
                            {t('assignments.status.late')}
                          </Badge>
                        ) : null}
                      </Group>
                      {target.kind === 'earlier' ? (
                        <Text size="xs" c="dimmed">
                          {t('assignments.bulk.earlier', { attempt: target.attempt ?? '?' })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td miw={110}>
                      <BulkScoreInput
                        aria-label={t('assignments.bulk.scoreLabel', { number: team.teamNumber })}
                        max={maxScore}
                        disabled={
                          isSaved ||
                          (team.latest === null && !form.values.entries[index]?.noSubmission)
                        }
                        {...form.getInputProps(`entries.${index}.score`)}
                      />
                      {team.latest === null ? (
                        <Switch
                          mt={6}
                          size="xs"
                          label={t('grading.noSubmission')}
                          aria-label={t('grading.noSubmissionLabel', { number: team.teamNumber })}
                          disabled={isSaved}
                          {...form.getInputProps(`entries.${index}.noSubmission`, {
                            type: 'checkbox',
                          })}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td miw={200}>
                      <BulkFeedbackInput
                        aria-label={t('assignments.bulk.feedbackLabel', {
                          number: team.teamNumber,
                        })}
                        disabled={isSaved}
                        {...form.getInputProps(`entries.${index}.feedback`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <BulkGradeFooter
          entriesError={entriesError}
          isSaved={isSaved}
          failure={failure}
          isSaving={evaluateAll.isPending}
          isSaveDisabled={isSaved}
          onClose={onClose}
          text={{
            saved: t('assignments.bulk.saved'),
            close: t('assignments.panel.close'),
            save: t('assignments.bulk.save'),
          }}
        />
      </Stack>
    </form>
  );
}
