import { Alert, Button, Divider, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconClock, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  NOTES_MAX_LENGTH,
  allowedTypesText,
  assignmentView,
  submissionNotesForm,
} from '@teamshuffle/domain';
import type { AssignmentAttempt, AssignmentTeamState, AssignmentView } from '@teamshuffle/domain';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FileUpload, useFileUpload } from '../../../components/file-upload';
import { OnBehalfHandIn, OnBehalfNote } from '../../../components/on-behalf-hand-in';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { submissionsPath } from '../api/downloads';
import type { WindowPhase } from '../utils/assignment-window';
import { canDownloadWork, gradeTarget } from '../utils/team-state';
import type { PanelAccess } from '../utils/team-state';
import { AttemptView } from './attempt-view';
import { EvaluationLine } from './evaluation-line';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { ExtendDeadline } from '../../../components/late-work/extend-deadline';
import { LateNotice, lateRuleOf, useHandInState } from '../../../components/late-work/late-notice';
import { useLateRuleSummary } from '../../../components/late-work/late-rule-fields';

interface SubmissionModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  assignment: AssignmentView | null;
  team: AssignmentTeamState | null;
  access: PanelAccess;
  phase: WindowPhase;
  /** The owner's Evaluate for this team. */
  onEvaluate: () => void;
  /** Changes each time the modal opens, so the upload starts afresh. */
  formKey: number;
}

/**
 * Assignment Submission (spec part 2, sections 2, 5 and 6): the team's current attempt and its
 * earlier ones with their grades (the owner and the team), and for the team's leader the files
 * and notes to hand in, within the window (refused before the start, marked late after the end).
 * The owner may hand in on the team's behalf (issue 25), recorded as handed in by the owner.
 */
export function SubmissionModal({
  opened,
  onClose,
  workspaceId,
  assignment,
  team,
  access,
  phase,
  onEvaluate,
  formKey,
}: SubmissionModalProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const lateSummary = useLateRuleSummary();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assignments.panel.title')}
      size="lg"
      centered
    >
      {assignment && team ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>
              {t('assignments.panel.heading', {
                number: team.teamNumber,
                title: assignment.title,
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {assignment.startAt
                ? t('assignments.card.start', { date: dates.dateTime(assignment.startAt) })
                : t('assignments.card.noStart')}
              {' · '}
              {assignment.endAt
                ? t('assignments.card.end', { date: dates.deadline(assignment.endAt) })
                : t('assignments.card.noEnd')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('assignments.card.rules', {
                types: allowedTypesText(assignment.allowedTypes),
                size: assignment.maxFileSizeMb,
              })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="late-rule">
              {lateSummary(lateRuleOf(assignment))}
            </Text>
            {team.extendedTo && access !== 'manage' ? (
              <Text size="sm" c="teal" fw={500} data-testid="own-deadline">
                {t('lateRules.extension.yourDeadline', { date: dates.deadline(team.extendedTo) })}
              </Text>
            ) : null}
            {access === 'manage' ? (
              <ExtendDeadline
                target={{
                  workspaceId,
                  item: { kind: 'assignment', id: assignment.id },
                  holder: { kind: 'team', id: team.teamId },
                }}
                deadline={assignment.endAt}
                extendedTo={team.extendedTo}
                holder={{ teamNumber: team.teamNumber }}
              />
            ) : null}
          </Stack>
          {access === 'manage' ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden="true" />}
            >
              {t('assignments.panel.ownerView')}
            </Alert>
          ) : null}

          <CurrentWork
            team={team}
            canDownload={canDownloadWork(access)}
            deletion={deletionOf(access, workspaceId, assignment.id)}
          />

          {access === 'view' ? (
            <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
              {t('assignments.onlyLeaders')}
            </Alert>
          ) : null}

          {access === 'submit' ? (
            <SubmitForm
              key={formKey}
              workspaceId={workspaceId}
              assignment={assignment}
              phase={phase}
              extendedTo={team.extendedTo ?? null}
              hasSubmitted={team.latest !== null}
              replaces={team.latest}
            />
          ) : null}

          {access === 'manage' ? (
            <OwnerHandIn
              key={formKey}
              workspaceId={workspaceId}
              assignment={assignment}
              team={team}
              phase={phase}
            />
          ) : null}

          {team.history.length > 0 ? (
            <Stack gap="xs">
              <Divider />
              <Title order={3} size="h6">
                {t('assignments.panel.history', { n: team.history.length })}
              </Title>
              {team.history.map((attempt) => (
                <AttemptView
                  key={attempt.id}
                  attempt={attempt}
                  canDownload={canDownloadWork(access)}
                  deletion={deletionOf(access, workspaceId, assignment.id)}
                />
              ))}
            </Stack>
          ) : null}

          <Group justify="flex-end" gap="sm">
            {access === 'manage' ? (
              <Button variant="light" onClick={onEvaluate}>
                {t('assignments.panel.evaluate')}
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              {t('assignments.panel.close')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Who deletes attempts in this panel: the owner any, the team's leader ungraded ones (decision 0016). */
function deletionOf(access: PanelAccess, workspaceId: string, assignmentId: string) {
  if (access === 'manage') return { workspaceId, assignmentId, isOwner: true };
  if (access === 'submit') return { workspaceId, assignmentId, isOwner: false };
  return null;
}

/** The team's latest attempt and, when its grade belongs elsewhere, where (an earlier attempt, none). */
function CurrentWork({
  team,
  canDownload,
  deletion,
}: {
  team: AssignmentTeamState;
  canDownload: boolean;
  deletion: ReturnType<typeof deletionOf>;
}) {
  const { t } = useTranslation();
  const target = gradeTarget(team);
  return (
    <Stack gap="xs" data-testid="current-work">
      <Title order={3} size="h6">
        {t('assignments.panel.current')}
      </Title>
      {team.latest ? (
        <AttemptView attempt={team.latest} canDownload={canDownload} deletion={deletion} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('assignments.panel.noneYet')}
        </Text>
      )}
      {team.grade && (target.kind === 'earlier' || target.kind === 'noSubmission') ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {target.kind === 'earlier'
              ? t('assignments.grade.earlierAttempt', { attempt: target.attempt ?? '?' })
              : t('assignments.grade.noSubmission')}
          </Text>
          <EvaluationLine evaluation={team.grade} />
        </Stack>
      ) : null}
      {team.grade === null ? (
        <Text size="sm" c="dimmed" data-testid="not-evaluated">
          {t('assignments.grade.notEvaluated')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The owner's "Hand in for Team N" (issue 25; spec part 2, section 6): the leader's form, opened
 * on purpose, that says the work is recorded as handed in by the owner.
 */
function OwnerHandIn({
  workspaceId,
  assignment,
  team,
  phase,
}: {
  workspaceId: string;
  assignment: AssignmentView;
  team: AssignmentTeamState;
  phase: WindowPhase;
}) {
  return (
    <OnBehalfHandIn teamNumber={team.teamNumber}>
      {(close) => (
        <SubmitForm
          workspaceId={workspaceId}
          assignment={assignment}
          phase={phase}
          extendedTo={team.extendedTo ?? null}
          hasSubmitted={team.latest !== null}
          replaces={team.latest}
          onBehalfOf={{ teamId: team.teamId, teamNumber: team.teamNumber, onDone: close }}
        />
      )}
    </OnBehalfHandIn>
  );
}

/** The owner hands in for this team (issue 25); `onDone` after a success or Cancel. */
interface OnBehalf {
  teamId: string;
  teamNumber: number;
  onDone: () => void;
}

/**
 * The hand-in: files and notes in one request. The leader's own is refused before the start; the
 * owner's, on a team's behalf, is taken then too (the server's rule). Late after the end.
 */
function SubmitForm({
  workspaceId,
  assignment,
  phase,
  extendedTo,
  hasSubmitted,
  replaces,
  onBehalfOf,
}: {
  workspaceId: string;
  assignment: AssignmentView;
  phase: WindowPhase;
  /** The team's own later deadline (decision 0030), or null. */
  extendedTo: string | null;
  hasSubmitted: boolean;
  /** The team's latest attempt: the caller's own bytes in it count as left (decision 0016). */
  replaces: AssignmentAttempt | null;
  onBehalfOf?: OnBehalf;
}) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const queryClient = useQueryClient();
  const upload = useFileUpload({
    path: submissionsPath(workspaceId, assignment.id, onBehalfOf?.teamId),
    allowedTypes: assignment.allowedTypes,
    maxFileSizeMb: assignment.maxFileSizeMb,
    maxFiles: 10,
    replaces,
    parse: (body) => assignmentView.parse(body),
  });
  const form = useSchemaForm(submissionNotesForm, { initialValues: { notes: '' } });
  const noteId = useId();
  // Late, penalised or closed against the team's own deadline (decision 0030); the owner's
  // hand-in on the team's behalf is taken even when closed.
  const rule = lateRuleOf(assignment);
  const lateState = useHandInState(rule, assignment.endAt, extendedTo);
  const isClosed = lateState.state === 'closed' && !onBehalfOf;

  if (phase === 'upcoming' && !onBehalfOf) {
    return (
      <Alert color="yellow" variant="light" icon={<IconClock size={18} aria-hidden="true" />}>
        {t('assignments.panel.notOpen', {
          date: assignment.startAt ? dates.dateTime(assignment.startAt) : '',
        })}
      </Alert>
    );
  }

  const send = async (notes: string) => {
    const result = await upload.start({ notes });
    if (result === null) return;
    notify.success(
      onBehalfOf
        ? t('grading.handedInFor', { number: onBehalfOf.teamNumber })
        : t('assignments.panel.submitted'),
    );
    upload.reset();
    form.reset();
    await queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all(workspaceId) });
    onBehalfOf?.onDone();
  };
  const notesLength = form.values.notes.length;

  return (
    <form
      onSubmit={form.onSubmit(({ notes }) => void send(notes))}
      noValidate
      aria-label={
        onBehalfOf ? t('grading.handInFor', { number: onBehalfOf.teamNumber }) : undefined
      }
      aria-describedby={onBehalfOf ? noteId : undefined}
    >
      <Stack gap="sm">
        <Divider />
        {onBehalfOf ? (
          <OnBehalfNote id={noteId} teamNumber={onBehalfOf.teamNumber}>
            {phase === 'upcoming' ? t('assignments.panel.handInForEarly') : null}
          </OnBehalfNote>
        ) : null}
        <LateNotice
          state={lateState}
          rule={rule}
          lateText={() => t('assignments.panel.late')}
          isOwner={Boolean(onBehalfOf)}
        />
        {hasSubmitted ? (
          <Text size="sm" c="dimmed">
            {t('assignments.panel.resubmitHint')}
          </Text>
        ) : null}
        <FileUpload upload={upload} disabled={upload.isUploading || isClosed} />
        <Stack gap={2}>
          <Textarea
            label={t('assignments.panel.notesLabel')}
            description={t('assignments.panel.notesHint')}
            autosize
            minRows={2}
            maxRows={6}
            // spec part 2, section 5: at most 500 characters, with a counter
            maxLength={NOTES_MAX_LENGTH}
            disabled={upload.isUploading || isClosed}
            {...form.getInputProps('notes')}
          />
          <Text
            size="xs"
            c={notesLength >= NOTES_MAX_LENGTH ? 'red' : 'dimmed'}
            ta="right"
            data-testid="notes-counter"
          >
            {t('assignments.panel.notesCount', { length: notesLength, max: NOTES_MAX_LENGTH })}
          </Text>
        </Stack>
        <Group justify="flex-end">
          {onBehalfOf ? (
            <Button variant="default" onClick={onBehalfOf.onDone} disabled={upload.isUploading}>
              {t('assignments.panel.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={upload.isUploading} disabled={isClosed}>
            {onBehalfOf
              ? t('grading.handInForSubmit', { number: onBehalfOf.teamNumber })
              : isClosed
                ? t('lateRules.notice.closedButton')
                : hasSubmitted
                  ? t('assignments.panel.resubmit')
                  : t('assignments.panel.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
