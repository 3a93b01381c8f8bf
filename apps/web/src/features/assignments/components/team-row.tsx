import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AssignmentTeamState } from '@teamshuffle/domain';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { WindowPhase } from '../utils/assignment-window';
import { gradeTarget, teamHints, teamStatus } from '../utils/team-state';
import type { SectionViewer } from '../utils/team-state';
import { EvaluationLine } from './evaluation-line';
import { useFormatDate } from '../../../lib/dates/use-format-date';

interface TeamRowProps {
  team: AssignmentTeamState;
  phase: WindowPhase;
  viewer: SectionViewer;
  /** Opens the team's submission panel (or tells a non-leader why not). */
  onOpen: () => void;
  /** The owner's Evaluate for this team. */
  onEvaluate: () => void;
}

/**
 * A team on an assignment card: Submitted (its latest attempt, 'Submitted Assignment' and when) or
 * Pending, grey once the end has passed; late work, and work the owner handed in for the team,
 * marked; its grade for those who may see it; and the hints about leader e-mails and who may
 * submit (spec part 2, sections 4-6 and 8).
 */
export function TeamRow({ team, phase, viewer, onOpen, onEvaluate }: TeamRowProps) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const hintsId = useId();
  const status = teamStatus(team, phase);
  const hints = teamHints(viewer, team);
  const isMine = viewer.myTeamId === team.teamId;
  const mayReadGrade = viewer.canManage || isMine;
  const target = gradeTarget(team);
  const teamName = t('assignments.team', { number: team.teamNumber });

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid={`assignment-team-${team.teamNumber}`}
      data-status={status.kind}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <UnstyledButton
          onClick={onOpen}
          style={{ flex: 1, minWidth: 200, borderRadius: 4 }}
          aria-describedby={hints.length > 0 ? hintsId : undefined}
          data-testid="open-team"
        >
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{teamName}</Text>
              <Text size="sm" c="dimmed">
                {team.leaderName ?? t('assignments.noLeader')}
              </Text>
              {isMine ? (
                <Badge variant="outline" size="sm" color="grape">
                  {t('assignments.yourTeam')}
                </Badge>
              ) : null}
              <Badge color={status.color} data-testid="team-status" data-color={status.color}>
                {status.kind === 'submitted'
                  ? t('assignments.status.submitted')
                  : t('assignments.status.pending')}
              </Badge>
              {status.isLate ? (
                <Badge color="red" variant="light" data-testid="late-badge">
                  {t('assignments.status.late')}
                </Badge>
              ) : null}
              {team.latest?.byOwner ? (
                // issue 25: the owner handed the latest attempt in on the team's behalf
                <Badge color="violet" variant="light" data-testid="by-owner">
                  {t('grading.byOwner')}
                </Badge>
              ) : null}
            </Group>
            {team.latest ? (
              <Text size="xs" c="dimmed">
                {t('assignments.status.submittedAt', {
                  date: dates.dateTime(team.latest.submittedAt),
                })}{' '}
                · {t('assignments.status.attempt', { attempt: team.latest.attempt })}
              </Text>
            ) : null}
          </Stack>
        </UnstyledButton>

        <Group gap="sm" wrap="nowrap" align="center">
          {mayReadGrade && team.grade ? (
            <Stack gap={0} align="flex-end">
              <EvaluationLine evaluation={team.grade} withDetails={false} />
              {target.kind === 'earlier' ? (
                <Text size="xs" c="dimmed">
                  {t('assignments.grade.forAttempt', { attempt: target.attempt ?? '?' })}
                </Text>
              ) : null}
              {target.kind === 'noSubmission' ? (
                <Text size="xs" c="dimmed">
                  {t('assignments.grade.noSubmission')}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {mayReadGrade && !team.grade ? (
            <Text size="xs" c="dimmed">
              {t('assignments.grade.notEvaluated')}
            </Text>
          ) : null}
          {viewer.canManage ? (
            <Button
              size="xs"
              variant="light"
              onClick={onEvaluate}
              aria-label={t('assignments.status.evaluateTeam', { number: team.teamNumber })}
            >
              {t('assignments.card.evaluate')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {hints.length > 0 ? (
        <Stack gap={0} mt={6} id={hintsId}>
          {hints.map((hint) => {
            switch (hint) {
              case 'emailNotSet':
                return (
                  <Text key={hint} size="xs" c="red" data-testid="hint-email-not-set">
                    {t('assignments.emailNotSet')}
                  </Text>
                );
              case 'leaderEmailNotSet':
                return (
                  <Text key={hint} size="xs" c="orange">
                    {t('assignments.leaderEmailNotSet')} · {t('assignments.contactAdmin')}
                  </Text>
                );
              case 'onlyLeader':
                return (
                  <Text key={hint} size="xs" c="dimmed">
                    {t('assignments.onlyLeaderHint')}
                  </Text>
                );
            }
          })}
        </Stack>
      ) : null}
    </Paper>
  );
}
