import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  SCORE_MAX,
  SCORE_MIN,
  TEXT_LIMITS,
  evaluationForm,
  formatDateTime,
} from '@teamshuffle/domain';
import type { EvaluationView, LectureNote, TaskView, TeamTaskState } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useEvaluateTask } from '../api/evaluate-task';
import { teamTaskStatus } from '../utils/task-view';
import type { TeamPanelAccess } from '../utils/task-view';
import {
  DeleteSubmissionButton,
  OwnerDeleteSubmissionButton,
  StatusBadge,
  SubmissionDetails,
  SubmissionForm,
} from './submission-parts';

interface TeamTaskPanelProps {
  workspaceId: string;
  note: LectureNote;
  task: TaskView;
  /** The open team's state (re-read from the latest answer), or null while closed. */
  state: TeamTaskState | null;
  access: TeamPanelAccess;
  isMyTeam: boolean;
  onClose: () => void;
}

/**
 * Task submission, team (spec part 2, sections 2, 4 and 6): the team's state (Pending, or
 * Submitted with its count), its current answer and evaluation, the replaced attempts; the leader
 * submits, resubmits and deletes; the team's other members follow; the owner evaluates.
 */
export function TeamTaskPanel({
  workspaceId,
  note,
  task,
  state,
  access,
  isMyTeam,
  onClose,
}: TeamTaskPanelProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={state !== null && access !== null}
      onClose={onClose}
      title={t('lectureNotes.panel.teamTitle', { number: state?.teamNumber ?? '' })}
      size="lg"
      centered
    >
      {state && access ? (
        <Stack gap="md">
          <Group gap="xs">
            <StatusBadge status={teamTaskStatus(state)} />
            {isMyTeam ? (
              <Badge size="sm" color="teal" variant="light">
                {t('lectureNotes.task.yourTeam')}
              </Badge>
            ) : null}
          </Group>
          <Stack gap="xs">
            <Title order={3} size="h6">
              {t('lectureNotes.panel.current')}
            </Title>
            {state.current ? (
              <SubmissionDetails submission={state.current} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('lectureNotes.panel.nothingYet')}
              </Text>
            )}
            {access === 'submit' && state.current && note.isPublished ? (
              <DeleteSubmissionButton
                workspaceId={workspaceId}
                noteId={note.id}
                isGraded={state.evaluation !== null}
              />
            ) : null}
            {access === 'evaluate' && state.current ? (
              <OwnerDeleteSubmissionButton
                key={state.current.id}
                workspaceId={workspaceId}
                noteId={note.id}
                submissionId={state.current.id}
                evaluation={state.evaluation}
              />
            ) : null}
          </Stack>
          {state.current ? <Evaluation evaluation={state.evaluation} /> : null}
          {access === 'evaluate' && state.current ? (
            <EvaluationForm
              key={state.current.id}
              workspaceId={workspaceId}
              noteId={note.id}
              teamId={state.teamId}
              evaluation={state.evaluation}
            />
          ) : null}
          {access === 'follow' ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden="true" />}
              title={t('lectureNotes.panel.leaderOnly')}
            >
              {t('lectureNotes.panel.leaderOnlyHint')}
            </Alert>
          ) : null}
          {access === 'submit' ? (
            note.isPublished ? (
              <>
                <Divider />
                <SubmissionForm
                  workspaceId={workspaceId}
                  note={note}
                  task={task}
                  submitLabel={t('lectureNotes.panel.submit')}
                  isResubmission={state.current !== null}
                  replaces={state.current}
                  successMessage={t('lectureNotes.panel.taskSubmitted')}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('lectureNotes.task.draftClosed')}
              </Text>
            )
          ) : null}
          {state.history.length > 0 ? (
            <Stack gap="xs">
              <Divider />
              <Title order={3} size="h6">
                {t('lectureNotes.panel.history')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('lectureNotes.panel.historyHint')}
              </Text>
              <Stack
                component="ul"
                gap="sm"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                data-testid="submission-history"
              >
                {state.history.map((attempt) => (
                  <li key={attempt.id}>
                    <SubmissionDetails submission={attempt} />
                  </li>
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The owner's evaluation of the current answer, or 'Not evaluated yet'. */
function Evaluation({ evaluation }: { evaluation: EvaluationView | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="task-evaluation">
      <Title order={3} size="h6">
        {t('lectureNotes.panel.evaluation')}
      </Title>
      {evaluation ? (
        <>
          <Text size="sm" fw={600}>
            {t('lectureNotes.panel.scoreValue', { score: evaluation.score })}
          </Text>
          {evaluation.feedback ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {evaluation.feedback}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('lectureNotes.panel.evaluatedBy', {
              name: evaluation.evaluatedBy?.name ?? '',
              date: formatDateTime(evaluation.evaluatedAt),
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

/** The owner scores the team's current answer, 0 to 100, with feedback. */
function EvaluationForm({
  workspaceId,
  noteId,
  teamId,
  evaluation,
}: {
  workspaceId: string;
  noteId: string;
  teamId: string;
  evaluation: EvaluationView | null;
}) {
  const { t } = useTranslation();
  const evaluate = useEvaluateTask();
  // evaluationInput's rules ('Score must be between 0 and 100'), as the API applies them.
  const form = useSchemaForm(evaluationForm, {
    initialValues: { score: evaluation?.rawScore ?? '', feedback: evaluation?.feedback ?? '' },
  });
  const submit = form.onSubmit(({ score, feedback }) => {
    evaluate
      .mutateAsync({ workspaceId, noteId, evaluation: { teamId, score, feedback } })
      .then(() => notify.success(t('lectureNotes.panel.evaluationSaved')))
      .catch((error: unknown) =>
        notify.error(apiErrorMessage(error, t('lectureNotes.panel.evaluationFailed'))),
      );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('lectureNotes.panel.score')}
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
