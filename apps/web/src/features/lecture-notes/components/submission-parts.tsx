import { Alert, Anchor, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  TEXT_LIMITS,
  fileUrl,
  formatFileSize,
  gradeFromPercent,
  submissionBadgeColor,
  taskSubmissionForm,
} from '@teamshuffle/domain';
import type { EvaluationView, LectureNote, TaskSubmission, TaskView } from '@teamshuffle/domain';
import { useId, useState } from 'react';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { FileUpload } from '../../../components/file-upload';
import { OnBehalfNote } from '../../../components/on-behalf-hand-in';
import { SubmitterNowNote } from '../../../components/submitter-now';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useDeleteSubmission } from '../api/delete-submission';
import { useDeleteTeamSubmission } from '../api/delete-team-submission';
import { useTaskSubmission } from '../api/submit-task';
import type { TeamTaskStatus } from '../utils/task-view';
import { LateWarning } from './late-warning';
import { lateRuleOf, useHandInState } from '../../../components/late-work/late-notice';
import { useFormatDate } from '../../../lib/dates/use-format-date';

// Pieces both task panels use: the status badge, one submission, the submit form and Delete.

/** Pending (grey), or Submitted with the count in the count's colour (1 green, 2 blue, more purple). */
export function StatusBadge({ status }: { status: TeamTaskStatus }) {
  const { t } = useTranslation();
  return status.kind === 'pending' ? (
    <Badge color="gray" variant="light" data-testid="task-status" data-count={0}>
      {t('lectureNotes.task.pending')}
    </Badge>
  ) : (
    <Badge
      color={status.color}
      variant="filled"
      data-testid="task-status"
      data-count={status.count}
      data-color={status.color}
    >
      {t('lectureNotes.task.submitted', { count: status.count })}
    </Badge>
  );
}

/**
 * One submission: its count, time, who, description and files. Files whose bytes are gone (a
 * replaced attempt's) are listed by name and size, without a link.
 */
export function SubmissionDetails({ submission }: { submission: TaskSubmission }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  return (
    <Stack gap={4} data-testid="submission">
      <Group gap="xs">
        <Badge size="sm" variant="light" color={submissionBadgeColor(submission.attempt) ?? 'gray'}>
          {t('lectureNotes.panel.attempt', { count: submission.attempt })}
        </Badge>
        {submission.isLate ? (
          <Badge size="sm" variant="light" color="orange">
            {t('lectureNotes.task.late')}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('lectureNotes.panel.submittedAt', { date: dates.dateTime(submission.submittedAt) })}
        </Text>
        {submission.submittedBy ? (
          <>
            <Text size="xs" c="dimmed">
              {t('lectureNotes.panel.submittedBy', { name: submission.submittedBy.name })}
            </Text>
            <SubmitterNowNote name={submission.submittedBy.name} now={submission.submitterNow} />
          </>
        ) : submission.files ? (
          // Details shown but no one named: the submitter's account was deleted (decision 0016).
          <Text size="xs" c="dimmed" data-testid="deleted-account">
            {t('lectureNotes.panel.submittedBy', { name: t('lectureNotes.panel.deletedAccount') })}
          </Text>
        ) : null}
        {submission.byOwner ? (
          // issue 25: the owner handed it in on the team's behalf (spec part 2, section 6)
          <Badge color="violet" variant="light" size="xs" data-testid="by-owner">
            {t('grading.byOwner')}
          </Badge>
        ) : null}
        {submission.deletedAt ? (
          <Badge
            size="sm"
            variant="outline"
            color="gray"
            title={t('lectureNotes.panel.deletedAt', {
              date: dates.dateTime(submission.deletedAt),
            })}
            data-testid="deleted-attempt"
          >
            {t('lectureNotes.panel.deletedAttempt')}
          </Badge>
        ) : null}
      </Group>
      {submission.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {submission.description}
        </Text>
      ) : null}
      {submission.files && submission.files.length > 0 ? (
        <Stack
          component="ul"
          gap={2}
          aria-label={t('lectureNotes.panel.files')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {submission.files.map((file, index) => (
            <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
              {file.fileId ? (
                <Anchor
                  href={fileUrl(file.fileId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  truncate
                >
                  {file.name}
                </Anchor>
              ) : (
                <Text size="sm" truncate>
                  {file.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {t('lectureNotes.panel.fileGone')}
                  </Text>
                </Text>
              )}
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface SubmissionFormProps {
  workspaceId: string;
  note: LectureNote;
  task: TaskView;
  /** A current submission exists: this is a resubmission. */
  isResubmission: boolean;
  /** The current submission this one replaces, if any (the quota check counts its bytes). */
  replaces?: TaskSubmission | null;
  /** 'Submit Task' (team) or 'Submit Files' (individual), before anything was submitted. */
  submitLabel: string;
  /** 'Task submitted successfully!' (team) or 'File submitted successfully!' (individual). */
  successMessage: string;
  /**
   * The owner hands in for this team of a team task (issue 25): the form says it is recorded as
   * handed in by the owner, and `onDone` runs after a success or Cancel.
   */
  onBehalfOf?: { teamId: string; teamNumber: number; onDone: () => void };
  /** The team's or member's own later deadline (decision 0030), or null. */
  extendedTo?: string | null;
}

/**
 * Submit or resubmit: files (checked before sending against the task's size and types, in the
 * leader panel's words; at least one) and a description, sent together with progress, cancel and
 * 3 tries. The server checks the same rules and who may submit. The owner's hand-in for a team
 * (issue 25) is the same form with `onBehalfOf`.
 */
export function SubmissionForm({
  workspaceId,
  note,
  task,
  isResubmission,
  replaces = null,
  submitLabel,
  successMessage,
  onBehalfOf,
  extendedTo = null,
}: SubmissionFormProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const upload = useTaskSubmission(workspaceId, note.id, task, replaces, onBehalfOf?.teamId);
  const form = useSchemaForm(taskSubmissionForm, { initialValues: { description: '' } });
  // A task that closes at its deadline takes nothing after it (decision 0030), but the owner's.
  const lateState = useHandInState(lateRuleOf(task), task.deadline, extendedTo);
  const isClosed = lateState.state === 'closed' && !onBehalfOf;

  const submit = form.onSubmit(({ description }) => {
    void upload.start({ description }).then((result) => {
      if (!result) return;
      notify.success(successMessage);
      upload.reset();
      form.reset();
      onBehalfOf?.onDone();
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={
        onBehalfOf ? t('grading.handInFor', { number: onBehalfOf.teamNumber }) : undefined
      }
      aria-describedby={onBehalfOf ? noteId : undefined}
    >
      <Stack gap="sm">
        {onBehalfOf ? <OnBehalfNote id={noteId} teamNumber={onBehalfOf.teamNumber} /> : null}
        <LateWarning task={task} extendedTo={extendedTo} isOwner={Boolean(onBehalfOf)} />
        <FileUpload upload={upload} disabled={isClosed} />
        <Textarea
          label={t('lectureNotes.panel.descriptionLabel')}
          placeholder={t('lectureNotes.panel.descriptionPlaceholder')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TEXT_LIMITS.description}
          disabled={upload.isUploading || isClosed}
          {...form.getInputProps('description')}
        />
        {isResubmission ? (
          <Text size="xs" c="dimmed">
            {t('lectureNotes.panel.resubmitHint')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          {onBehalfOf ? (
            <Button variant="default" onClick={onBehalfOf.onDone} disabled={upload.isUploading}>
              {t('lectureNotes.confirm.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={upload.isUploading} disabled={isClosed}>
            {onBehalfOf
              ? t('grading.handInForSubmit', { number: onBehalfOf.teamNumber })
              : isClosed
                ? t('lateRules.notice.closedButton')
                : isResubmission
                  ? t('lectureNotes.panel.resubmit')
                  : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Delete Submission (the caller's current one), after a confirmation in place. Once the owner
 * graded it, the button is disabled and says why (the server refuses it too: decision 0016).
 */
export function DeleteSubmissionButton({
  workspaceId,
  noteId,
  isGraded = false,
}: {
  workspaceId: string;
  noteId: string;
  isGraded?: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteSubmission();
  if (isGraded) {
    return (
      <Stack gap={4} align="flex-start">
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          disabled
          aria-describedby="graded-no-delete"
        >
          {t('lectureNotes.panel.deleteSubmission')}
        </Button>
        <Text size="xs" c="dimmed" id="graded-no-delete" data-testid="graded-no-delete">
          {t('lectureNotes.panel.gradedNoDelete')}
        </Text>
      </Stack>
    );
  }
  // mutateAsync: once the submission is gone this button is too, and the toast must still show.
  const confirm = () => {
    remove
      .mutateAsync({ workspaceId, noteId })
      .then(() => notify.success(t('lectureNotes.panel.deleted')))
      .catch((error: unknown) =>
        notify.error(apiErrorMessage(error, t('lectureNotes.panel.deleteFailed'))),
      );
  };
  return (
    <DeleteInPlace
      text={t('lectureNotes.confirm.submissionText')}
      isPending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

/** "88 (B)": a grade with its letter, as the owner's confirmation names it. */
function gradeText(t: TFunction, evaluation: EvaluationView) {
  if (evaluation.score === null) return t('grading.feedbackOnly');
  return t('lectureNotes.panel.gradeWithLetter', {
    score: evaluation.score,
    letter: gradeFromPercent(evaluation.score).grade,
  });
}

/**
 * The owner's Delete Submission for any team's answer, after a confirmation that names the grade
 * that goes with it (decision 0016); the history keeps a record of it.
 */
export function OwnerDeleteSubmissionButton({
  workspaceId,
  noteId,
  submissionId,
  evaluation,
}: {
  workspaceId: string;
  noteId: string;
  submissionId: string;
  evaluation: EvaluationView | null;
}) {
  const { t } = useTranslation();
  const remove = useDeleteTeamSubmission();
  const confirm = () => {
    remove
      .mutateAsync({ workspaceId, noteId, submissionId })
      .then(() => notify.success(t('lectureNotes.panel.deleted')))
      .catch((error: unknown) =>
        notify.error(apiErrorMessage(error, t('lectureNotes.panel.deleteFailed'))),
      );
  };
  return (
    <DeleteInPlace
      text={
        evaluation
          ? t('lectureNotes.panel.ownerDeleteText', { grade: gradeText(t, evaluation) })
          : t('lectureNotes.panel.ownerDeleteUngradedText')
      }
      textTestId="owner-delete-text"
      isPending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

/**
 * Delete Submission, then a confirmation in place of the button (an alert dialog saying what
 * goes, with Cancel and Delete) for the caller's own answer and for the owner's delete.
 */
function DeleteInPlace({
  text,
  textTestId,
  isPending,
  onConfirm,
}: {
  text: string;
  textTestId?: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!isConfirming) {
    return (
      <Group>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          onClick={() => setIsConfirming(true)}
        >
          {t('lectureNotes.panel.deleteSubmission')}
        </Button>
      </Group>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alertdialog"
      aria-label={t('lectureNotes.panel.deleteSubmission')}
    >
      <Stack gap="xs">
        <Text size="sm" data-testid={textTestId}>
          {text}
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            onClick={() => setIsConfirming(false)}
            disabled={isPending}
          >
            {t('lectureNotes.confirm.cancel')}
          </Button>
          <Button size="xs" color="red" onClick={onConfirm} loading={isPending} autoFocus>
            {t('lectureNotes.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
