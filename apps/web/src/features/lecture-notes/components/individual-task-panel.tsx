import { Alert, Divider, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { IndividualTaskState, LectureNote, TaskView } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { ownSubmission } from '../utils/task-view';
import type { IndividualPanelAccess } from '../utils/task-view';
import { DeleteSubmissionButton, SubmissionDetails, SubmissionForm } from './submission-parts';
import { IndividualProgressBar } from './individual-progress-bar';
import { OwnDeadline } from './own-deadline';
import { ExtendDeadline } from '../../../components/late-work/extend-deadline';
import { TaskEvaluation, TaskEvaluationForm } from './task-evaluation-form';

interface IndividualTaskPanelProps {
  workspaceId: string;
  note: LectureNote;
  task: TaskView;
  /** The open team's state (re-read from the latest answer), or null while closed. */
  state: IndividualTaskState | null;
  access: IndividualPanelAccess;
  userId: string | null;
  onClose: () => void;
}

/**
 * Individual submission (spec part 2, sections 2, 4 and 6): each member of the team submits,
 * resubmits and deletes their own files and sees all the team's submissions; the owner grades
 * each member's answer (issue 25). The team's progress, and 'Team Complete' when everyone has submitted.
 */
export function IndividualTaskPanel({
  workspaceId,
  note,
  task,
  state,
  access,
  userId,
  onClose,
}: IndividualTaskPanelProps) {
  const { t } = useTranslation();
  const mine = state ? ownSubmission(state, userId) : null;
  // The caller's own later deadline (decision 0030), when the owner gave one.
  const myExtension =
    state?.extensions?.find((extension) => userId !== null && extension.userId === userId)?.dueAt ??
    null;
  return (
    <Modal
      opened={state !== null && access !== null}
      onClose={onClose}
      title={t('lectureNotes.panel.individualTitle', { number: state?.teamNumber ?? '' })}
      size="lg"
      centered
    >
      {state && access ? (
        <Stack gap="md">
          <IndividualProgressBar team={state} />
          {access === 'view' ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden="true" />}
            >
              {t('lectureNotes.panel.ownerViewOnly')}
            </Alert>
          ) : (
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('lectureNotes.panel.yourSubmission')}
              </Title>
              {myExtension ? <OwnDeadline dueAt={myExtension} /> : null}
              {mine ? (
                <>
                  <SubmissionDetails submission={mine} />
                  {note.isPublished ? (
                    <DeleteSubmissionButton workspaceId={workspaceId} noteId={note.id} />
                  ) : null}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('lectureNotes.panel.nothingYet')}
                </Text>
              )}
              {note.isPublished ? (
                <SubmissionForm
                  workspaceId={workspaceId}
                  note={note}
                  task={task}
                  submitLabel={t('lectureNotes.panel.submitFile')}
                  isResubmission={mine !== null}
                  replaces={mine}
                  successMessage={t('lectureNotes.panel.fileSubmitted')}
                  extendedTo={myExtension}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('lectureNotes.task.draftClosed')}
                </Text>
              )}
            </Stack>
          )}
          {access === 'view' && state.members && state.members.length > 0 && task.deadline ? (
            <MemberExtensions
              workspaceId={workspaceId}
              noteId={note.id}
              deadline={task.deadline}
              state={state}
            />
          ) : null}
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h6">
              {t('lectureNotes.panel.teamSubmissions')}
            </Title>
            {state.submissions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('lectureNotes.panel.noSubmissions')}
              </Text>
            ) : (
              <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {state.submissions.map((submission) => (
                  <li key={submission.id}>
                    <SubmissionDetails submission={submission} />
                    {access === 'view' && submission.userId ? (
                      // issue 25: the owner grades each member's answer (the member reads it in My grades)
                      <Paper withBorder radius="sm" p="xs" mt="xs">
                        <Stack gap="xs">
                          <TaskEvaluation evaluation={submission.evaluation} heading={false} />
                          <TaskEvaluationForm
                            key={submission.id}
                            workspaceId={workspaceId}
                            noteId={note.id}
                            target={{ userId: submission.userId }}
                            evaluation={submission.evaluation}
                            files={submission.files}
                            scoreLabel={t('lectureNotes.grading.memberScore', {
                              name:
                                submission.submittedBy?.name ??
                                t('lectureNotes.panel.deletedAccount'),
                            })}
                          />
                        </Stack>
                      </Paper>
                    ) : null}
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * The owner's extensions of an individual task, member by member (decision 0030): each member of
 * the team with "Extend deadline", and "Extended to ..." for those who have one.
 */
function MemberExtensions({
  workspaceId,
  noteId,
  deadline,
  state,
}: {
  workspaceId: string;
  noteId: string;
  deadline: string;
  state: IndividualTaskState;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="member-extensions">
      <Divider />
      <Title order={3} size="h6">
        {t('lateRules.extension.members')}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(state.members ?? []).map((member) => (
          <li key={member.memberId}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={500}>
                {member.name}
              </Text>
              <ExtendDeadline
                target={{
                  workspaceId,
                  item: { kind: 'task', id: noteId },
                  holder: { kind: 'member', id: member.memberId },
                }}
                deadline={deadline}
                extendedTo={
                  state.extensions?.find((extension) => extension.memberId === member.memberId)
                    ?.dueAt ?? null
                }
                holder={{ name: member.name }}
              />
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
