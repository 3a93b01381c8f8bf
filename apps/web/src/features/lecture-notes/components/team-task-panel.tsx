import { Alert, Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { LectureNote, TaskView, TeamTaskState } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { teamTaskStatus } from '../utils/task-view';
import type { TeamPanelAccess } from '../utils/task-view';
import {
  DeleteSubmissionButton,
  OwnerDeleteSubmissionButton,
  StatusBadge,
  SubmissionDetails,
  SubmissionForm,
} from './submission-parts';
import { TaskEvaluation, TaskEvaluationForm } from './task-evaluation-form';
import { OnBehalfHandIn } from '../../../components/on-behalf-hand-in';
import { ExtendDeadline } from '../../../components/late-work/extend-deadline';
import { OwnDeadline } from './own-deadline';

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
 * submits, resubmits and deletes; the team's other members follow; the owner evaluates, and may
 * hand in on the team's behalf (issue 25).
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
          {access === 'evaluate' ? (
            <ExtendDeadline
              target={{
                workspaceId,
                item: { kind: 'task', id: note.id },
                holder: { kind: 'team', id: state.teamId },
              }}
              deadline={task.deadline}
              extendedTo={state.extendedTo}
              holder={{ teamNumber: state.teamNumber }}
            />
          ) : state.extendedTo ? (
            <OwnDeadline dueAt={state.extendedTo} />
          ) : null}
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
          {state.current ? <TaskEvaluation evaluation={state.evaluation} /> : null}
          {access === 'evaluate' && state.current ? (
            <TaskEvaluationForm
              key={state.current.id}
              workspaceId={workspaceId}
              noteId={note.id}
              target={{ teamId: state.teamId }}
              evaluation={state.evaluation}
              files={state.current.files}
            />
          ) : null}
          {access === 'evaluate' && note.isPublished ? (
            // issue 25 (spec part 2, section 6): the owner hands in on the team's behalf; a
            // draft takes no answer from anyone (the server refuses it), so none is offered.
            <OnBehalfHandIn key={state.teamId} teamNumber={state.teamNumber}>
              {(close) => (
                <>
                  <Divider />
                  <SubmissionForm
                    workspaceId={workspaceId}
                    note={note}
                    task={task}
                    submitLabel={t('lectureNotes.panel.submit')}
                    isResubmission={state.current !== null}
                    replaces={state.current}
                    successMessage={t('grading.handedInFor', { number: state.teamNumber })}
                    extendedTo={state.extendedTo ?? null}
                    onBehalfOf={{
                      teamId: state.teamId,
                      teamNumber: state.teamNumber,
                      onDone: close,
                    }}
                  />
                </>
              )}
            </OnBehalfHandIn>
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
                  extendedTo={state.extendedTo ?? null}
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
