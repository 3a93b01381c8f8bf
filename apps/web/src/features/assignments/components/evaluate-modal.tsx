import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SCORE_MAX, SCORE_MIN, TEXT_LIMITS, evaluationForm } from '@teamshuffle/domain';
import type { AssignmentTeamState, AssignmentView, EvaluationForm } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useEvaluateTeam } from '../api/evaluate-team';
import { gradeTarget } from '../utils/team-state';
import { EvaluationLine } from './evaluation-line';
import { SubmittedFilePreview } from '../../../components/submitted-file-preview';
import { useCloseWhenSaved } from '../../../lib/use-close-when-saved';
import { useFormatDate } from '../../../lib/dates/use-format-date';

interface EvaluateModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  assignment: AssignmentView | null;
  team: AssignmentTeamState | null;
  /** Changes each time the modal opens, so the form starts afresh. */
  formKey: number;
}

/**
 * Evaluate one submission (owner; spec part 2, sections 4 and 5): a score from 0 to 100 and
 * feedback for the team's latest attempt, or "no submission" for a team that handed nothing in.
 * After a save the dialog says so and closes after 2 s.
 */
export function EvaluateModal({
  opened,
  onClose,
  workspaceId,
  assignment,
  team,
  formKey,
}: EvaluateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('assignments.evaluate.title')} centered>
      {assignment && team ? (
        <EvaluateForm
          key={formKey}
          workspaceId={workspaceId}
          assignment={assignment}
          team={team}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function EvaluateForm({
  workspaceId,
  assignment,
  team,
  onClose,
}: {
  workspaceId: string;
  assignment: AssignmentView;
  team: AssignmentTeamState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const evaluate = useEvaluateTeam();
  const target = gradeTarget(team);
  // The grade of what is graded now (the latest attempt, or "no submission" while there is none).
  const current =
    target.kind === 'latest' || (target.kind === 'noSubmission' && team.latest === null)
      ? team.grade
      : null;
  const [initialValues] = useState<EvaluationForm>(() => ({
    score: current?.score ?? '',
    feedback: current?.feedback ?? '',
  }));
  const form = useSchemaForm(evaluationForm, { initialValues });
  const [isSaved, setIsSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // spec part 2, section 9: the evaluation dialog closes 2 s after a successful save.
  useCloseWhenSaved(isSaved, onClose);

  const submit = form.onSubmit(({ score, feedback }) => {
    setFailure(null);
    evaluate.mutate(
      {
        workspaceId,
        assignmentId: assignment.id,
        evaluation: { teamId: team.teamId, score, feedback },
      },
      {
        onSuccess: () => setIsSaved(true),
        onError: (error) => {
          const message = apiErrorMessage(error, t('assignments.evaluate.failed'));
          notify.error(message);
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setFailure(message);
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>
            {t('assignments.panel.heading', { number: team.teamNumber, title: assignment.title })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="evaluation-target">
            {team.latest
              ? t('assignments.evaluate.attemptTarget', {
                  attempt: team.latest.attempt,
                  date: dates.dateTime(team.latest.submittedAt),
                })
              : t('assignments.evaluate.noSubmission')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('assignments.evaluate.current')}
          </Text>
          {current ? (
            <EvaluationLine evaluation={current} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('assignments.grade.notEvaluated')}
            </Text>
          )}
          {!current && team.grade ? (
            // A grade of earlier work stays with it; a new one grades the latest attempt.
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {target.kind === 'earlier'
                  ? t('assignments.grade.earlierAttempt', { attempt: target.attempt ?? '?' })
                  : t('assignments.grade.noSubmission')}
              </Text>
              <EvaluationLine evaluation={team.grade} withDetails={false} />
            </Stack>
          ) : null}
        </Stack>
        {team.latest ? <SubmittedFilePreview files={team.latest.files} /> : null}
        <NumberInput
          label={t('assignments.evaluate.scoreLabel')}
          min={SCORE_MIN}
          max={SCORE_MAX}
          // Out of range is refused with the spec's words rather than changed silently.
          clampBehavior="none"
          decimalScale={2}
          allowNegative
          required
          disabled={isSaved}
          data-autofocus
          {...form.getInputProps('score')}
        />
        <Textarea
          label={t('assignments.evaluate.feedbackLabel')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TEXT_LIMITS.feedback}
          disabled={isSaved}
          {...form.getInputProps('feedback')}
        />
        {isSaved ? (
          <Alert
            color="teal"
            variant="light"
            role="status"
            icon={<IconCheck size={18} aria-hidden="true" />}
          >
            {t('assignments.evaluate.saved')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('assignments.panel.close')}
          </Button>
          <Button type="submit" loading={evaluate.isPending} disabled={isSaved}>
            {t('assignments.evaluate.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
