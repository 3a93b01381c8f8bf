import { Button, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { SCORE_MAX, SCORE_MIN, TEXT_LIMITS, evaluationForm } from '@teamshuffle/domain';
import type { EvaluationView, TaskSubmission } from '@teamshuffle/domain';
import { SubmittedFilePreview } from '../../../components/submitted-file-preview';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useEvaluateTask } from '../api/evaluate-task';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/** Whose answer is graded: a team's (team task) or one member's (individual task; issue 25). */
export type TaskGradeTarget = { teamId: string } | { userId: string };

/** The owner's evaluation of an answer, or 'Not evaluated yet'; a null score is feedback only. */
export function TaskEvaluation({
  evaluation,
  heading = true,
}: {
  evaluation: EvaluationView | null | undefined;
  heading?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Stack gap={4} data-testid="task-evaluation">
      {heading ? (
        <Title order={3} size="h6">
          {t('lectureNotes.panel.evaluation')}
        </Title>
      ) : null}
      {evaluation ? (
        <>
          <Text size="sm" fw={600}>
            {evaluation.score === null
              ? t('grading.feedbackOnly')
              : t('lectureNotes.panel.scoreValue', { score: evaluation.score })}
          </Text>
          {evaluation.feedback ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {evaluation.feedback}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('lectureNotes.panel.evaluatedBy', {
              name: evaluation.evaluatedBy?.name ?? '',
              date: dates.dateTime(evaluation.evaluatedAt),
            })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('lectureNotes.panel.notEvaluated')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The owner scores an answer, 0 to 100, with feedback: a team's answer to a team task, or one
 * member's to an individual task (issue 25). The answer's PDF or image shows next to the score
 * (grading in place, as in the assignments' dialog); the grade shows above once the note is back.
 */
export function TaskEvaluationForm({
  workspaceId,
  noteId,
  target,
  evaluation,
  files,
  scoreLabel,
}: {
  workspaceId: string;
  noteId: string;
  target: TaskGradeTarget;
  evaluation: EvaluationView | null | undefined;
  /** The graded answer's files (null: the caller may not see them). */
  files: TaskSubmission['files'];
  /** The score input's accessible name (several forms may share a panel). */
  scoreLabel?: string;
}) {
  const { t } = useTranslation();
  const evaluate = useEvaluateTask();
  // evaluationInput's rules ('Score must be between 0 and 100'), as the API applies them.
  const form = useSchemaForm(evaluationForm, {
    initialValues: { score: evaluation?.rawScore ?? '', feedback: evaluation?.feedback ?? '' },
  });
  const submit = form.onSubmit(({ score, feedback }) => {
    evaluate
      .mutateAsync({ workspaceId, noteId, evaluation: { ...target, score, feedback } })
      .then(() => notify.success(t('lectureNotes.panel.evaluationSaved')))
      .catch((error: unknown) =>
        notify.error(apiErrorMessage(error, t('lectureNotes.panel.evaluationFailed'))),
      );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SubmittedFilePreview files={files} />
        <NumberInput
          label={scoreLabel ?? t('lectureNotes.panel.score')}
          min={SCORE_MIN}
          max={SCORE_MAX}
          decimalScale={2}
          clampBehavior="none"
          {...form.getInputProps('score')}
        />
        <Textarea
          label={t('lectureNotes.panel.feedback')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TEXT_LIMITS.feedback}
          {...form.getInputProps('feedback')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={evaluate.isPending}>
            {t('lectureNotes.panel.saveEvaluation')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
