import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { allowedTypesText } from '@teamshuffle/domain';
import type {
  IndividualTaskState,
  LectureNote,
  TaskView,
  TeamTaskState,
} from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { individualPanelAccess, teamPanelAccess, teamTaskStatus } from '../utils/task-view';
import type { TaskViewer } from '../utils/task-view';
import { IndividualProgressBar } from './individual-progress-bar';
import { IndividualTaskPanel } from './individual-task-panel';
import { StatusBadge } from './submission-parts';
import { TaskBulkEvaluateModal } from './task-bulk-evaluate-modal';
import { TeamTaskPanel } from './team-task-panel';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { lateRuleOf } from '../../../components/late-work/late-notice';
import { useLateRuleSummary } from '../../../components/late-work/late-rule-fields';

interface TaskSectionProps {
  workspaceId: string;
  note: LectureNote;
  task: TaskView;
  viewer: TaskViewer;
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * A note's task (spec part 2, sections 2 to 4): what to hand in, and each team's state. The
 * caller opens the panel of the team they may act for (the owner: any team).
 */
export function TaskSection({ workspaceId, note, task, viewer }: TaskSectionProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const lateSummary = useLateRuleSummary();
  const [openTeamId, setOpenTeamId] = useState<string | null>(null);
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const [bulkKey, setBulkKey] = useState(0);
  const isTeamTask = task.assignmentType === 'team';
  const openTeam = isTeamTask
    ? (task.teams.find((team) => team.teamId === openTeamId) ?? null)
    : null;
  const openIndividual = isTeamTask
    ? null
    : (task.individual.find((team) => team.teamId === openTeamId) ?? null);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('lectureNotes.task.heading', { title: task.title })}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <IconClipboardText size={18} aria-hidden="true" />
          <Title order={4} size="h6">
            {t('lectureNotes.task.heading', { title: task.title })}
          </Title>
          <Badge size="sm" variant="light" color={isTeamTask ? 'grape' : 'cyan'}>
            {isTeamTask ? t('lectureNotes.task.typeTeam') : t('lectureNotes.task.typeIndividual')}
          </Badge>
        </Group>
        {task.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {task.description}
          </Text>
        ) : null}
        <Text size="sm">
          {task.deadline
            ? t('lectureNotes.task.deadline', { date: dates.deadline(task.deadline) })
            : t('lectureNotes.task.noDeadline')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('lectureNotes.task.rules', {
            size: task.maxFileSizeMb,
            types: allowedTypesText(task.allowedTypes),
          })}
        </Text>
        {task.deadline ? (
          <Text size="xs" c="dimmed" data-testid="late-rule">
            {lateSummary(lateRuleOf(task))}
          </Text>
        ) : null}
        {viewer.userId === null ? (
          <Text size="sm" fw={500} c="blue">
            {t('lectureNotes.task.loginToSubmit')}
          </Text>
        ) : null}
        {note.isPublished ? null : (
          <Text size="xs" c="dimmed">
            {t('lectureNotes.task.draftClosed')}
          </Text>
        )}
        {viewer.role === 'owner' && viewer.userId !== null ? (
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                setBulkKey((key) => key + 1);
                setIsBulkOpen(true);
              }}
              aria-label={t('lectureNotes.grading.gradeAllLabel', { title: task.title })}
            >
              {t('lectureNotes.grading.gradeAll')}
            </Button>
          </Group>
        ) : null}
        <Stack component="ul" gap={6} style={LIST_STYLE} aria-label={t('lectureNotes.task.teams')}>
          {isTeamTask
            ? task.teams.map((team) => (
                <TeamRow
                  key={team.teamId}
                  team={team}
                  viewer={viewer}
                  onOpen={() => setOpenTeamId(team.teamId)}
                />
              ))
            : task.individual.map((team) => (
                <IndividualRow
                  key={team.teamId}
                  team={team}
                  viewer={viewer}
                  onOpen={() => setOpenTeamId(team.teamId)}
                />
              ))}
        </Stack>
      </Stack>
      <TeamTaskPanel
        workspaceId={workspaceId}
        note={note}
        task={task}
        state={openTeam}
        access={openTeam ? teamPanelAccess(viewer, openTeam.teamId) : null}
        isMyTeam={openTeam?.teamId === viewer.myTeamId}
        onClose={() => setOpenTeamId(null)}
      />
      <IndividualTaskPanel
        workspaceId={workspaceId}
        note={note}
        task={task}
        state={openIndividual}
        access={openIndividual ? individualPanelAccess(viewer, openIndividual.teamId) : null}
        userId={viewer.userId}
        onClose={() => setOpenTeamId(null)}
      />
      {viewer.role === 'owner' ? (
        <TaskBulkEvaluateModal
          opened={isBulkOpen}
          onClose={() => setIsBulkOpen(false)}
          workspaceId={workspaceId}
          noteId={note.id}
          task={task}
          formKey={bulkKey}
        />
      ) : null}
    </Paper>
  );
}

function TeamLabel({ number, isMine }: { number: number; isMine: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600}>
        {t('lectureNotes.task.teamName', { number })}
      </Text>
      {isMine ? (
        <Badge size="xs" color="teal" variant="light">
          {t('lectureNotes.task.yourTeam')}
        </Badge>
      ) : null}
    </Group>
  );
}

function OpenButton({ number, onOpen }: { number: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={onOpen}
      aria-label={t('lectureNotes.task.openTeam', { number })}
    >
      {t('lectureNotes.task.open')}
    </Button>
  );
}

/** A team on a team task: Pending or Submitted (count), Late, by the owner, Open when allowed. */
function TeamRow({
  team,
  viewer,
  onOpen,
}: {
  team: TeamTaskState;
  viewer: TaskViewer;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const canOpen = teamPanelAccess(viewer, team.teamId) !== null;
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      data-testid="task-team"
      data-team={team.teamNumber}
    >
      <TeamLabel number={team.teamNumber} isMine={team.teamId === viewer.myTeamId} />
      <Group gap="xs">
        <StatusBadge status={teamTaskStatus(team)} />
        {team.current?.isLate ? (
          <Badge size="sm" variant="light" color="orange">
            {t('lectureNotes.task.late')}
          </Badge>
        ) : null}
        {team.current?.byOwner ? (
          // issue 25: the owner handed the current answer in on the team's behalf
          <Badge size="sm" variant="light" color="violet" data-testid="by-owner">
            {t('grading.byOwner')}
          </Badge>
        ) : null}
        {canOpen ? <OpenButton number={team.teamNumber} onOpen={onOpen} /> : null}
      </Group>
    </Group>
  );
}

/** A team on an individual task: how many members submitted, the bar, 'Team Complete'. */
function IndividualRow({
  team,
  viewer,
  onOpen,
}: {
  team: IndividualTaskState;
  viewer: TaskViewer;
  onOpen: () => void;
}) {
  const canOpen = individualPanelAccess(viewer, team.teamId) !== null;
  return (
    <Stack component="li" gap={4} data-testid="task-team" data-team={team.teamNumber}>
      <Group justify="space-between" gap="xs">
        <TeamLabel number={team.teamNumber} isMine={team.teamId === viewer.myTeamId} />
        {canOpen ? <OpenButton number={team.teamNumber} onOpen={onOpen} /> : null}
      </Group>
      <IndividualProgressBar team={team} />
    </Stack>
  );
}
