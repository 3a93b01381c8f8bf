import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconEdit,
  IconStars,
  IconTrash,
} from '@tabler/icons-react';
import { allowedTypesText } from '@teamshuffle/domain';
import type { AssignmentView } from '@teamshuffle/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { submissionsZipPath } from '../api/downloads';
import type { WindowPhase } from '../utils/assignment-window';
import { submittedCount } from '../utils/team-state';
import type { SectionViewer } from '../utils/team-state';
import { TeamRow } from './team-row';
import { useFormatDate } from '../../../lib/dates/use-format-date';
import { lateRuleOf } from '../../../components/late-work/late-notice';
import { useLateRuleSummary } from '../../../components/late-work/late-rule-fields';

const PHASE_COLORS = { upcoming: 'blue', open: 'green', ended: 'gray' } as const;

interface AssignmentCardProps {
  workspaceId: string;
  assignment: AssignmentView;
  phase: WindowPhase;
  viewer: SectionViewer;
  isInitiallyExpanded: boolean;
  onOpenTeam: (teamId: string) => void;
  onEvaluateTeam: (teamId: string) => void;
  onEvaluateAll: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One assignment (spec part 2, section 2): its number by creation order, title, window and how
 * many teams handed in; Evaluate and Edit for the owner; an expand toggle that shows the
 * description, the file rules, the per-team list and the owner's Download all and Delete.
 */
export function AssignmentCard({
  workspaceId,
  assignment,
  phase,
  viewer,
  isInitiallyExpanded,
  onOpenTeam,
  onEvaluateTeam,
  onEvaluateAll,
  onEdit,
  onDelete,
}: AssignmentCardProps) {
  const { t } = useTranslation();
  const lateSummary = useLateRuleSummary();
  const dates = useFormatDate();
  const titleId = useId();
  const detailsId = useId();
  const [isExpanded, setIsExpanded] = useState(isInitiallyExpanded);
  const { title } = assignment;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      data-testid="assignment-card"
      data-number={assignment.number}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs" wrap="wrap">
              <Badge
                variant="light"
                color="indigo"
                title={t('assignments.card.number', { number: assignment.number })}
                data-testid="assignment-number"
              >
                #{assignment.number}
              </Badge>
              <Title order={3} size="h5" id={titleId}>
                {title}
              </Title>
              <Badge variant="dot" color={PHASE_COLORS[phase]} data-testid="assignment-phase">
                {t(`assignments.card.phase.${phase}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {assignment.startAt
                ? t('assignments.card.start', { date: dates.dateTime(assignment.startAt) })
                : t('assignments.card.noStart')}
              {' · '}
              {assignment.endAt
                ? t('assignments.card.end', { date: dates.deadline(assignment.endAt) })
                : t('assignments.card.noEnd')}
            </Text>
            <Text size="sm" data-testid="submitted-count">
              {t('assignments.card.submittedCount', {
                submitted: submittedCount(assignment),
                total: assignment.teams.length,
              })}
            </Text>
          </Stack>
          <Group gap="xs">
            {viewer.canManage ? (
              <>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconStars size={14} aria-hidden="true" />}
                  onClick={onEvaluateAll}
                  aria-label={t('assignments.card.evaluateLabel', { title })}
                >
                  {t('assignments.card.evaluate')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} aria-hidden="true" />}
                  onClick={onEdit}
                  aria-label={t('assignments.card.editLabel', { title })}
                >
                  {t('assignments.card.edit')}
                </Button>
              </>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              rightSection={
                isExpanded ? (
                  <IconChevronUp size={14} aria-hidden="true" />
                ) : (
                  <IconChevronDown size={14} aria-hidden="true" />
                )
              }
              onClick={() => setIsExpanded((value) => !value)}
              aria-expanded={isExpanded}
              aria-controls={detailsId}
              aria-label={
                isExpanded
                  ? t('assignments.card.hideLabel', { title })
                  : t('assignments.card.showLabel', { title })
              }
            >
              {isExpanded ? t('assignments.card.hide') : t('assignments.card.show')}
            </Button>
          </Group>
        </Group>

        {isExpanded ? (
          <Stack gap="sm" id={detailsId}>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              c={assignment.description ? undefined : 'dimmed'}
            >
              {assignment.description || t('assignments.card.noDescription')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('assignments.card.rules', {
                types: allowedTypesText(assignment.allowedTypes),
                size: assignment.maxFileSizeMb,
              })}
            </Text>
            {assignment.endAt ? (
              <Text size="sm" c="dimmed" data-testid="late-rule">
                {lateSummary(lateRuleOf(assignment))}
              </Text>
            ) : null}
            <Title order={4} size="h6">
              {t('assignments.card.teams')}
            </Title>
            <Stack
              component="ul"
              gap="xs"
              aria-label={t('assignments.card.teams')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {assignment.teams.map((team) => (
                <TeamRow
                  key={team.teamId}
                  team={team}
                  phase={phase}
                  viewer={viewer}
                  onOpen={() => onOpenTeam(team.teamId)}
                  onEvaluate={() => onEvaluateTeam(team.teamId)}
                />
              ))}
            </Stack>
            {viewer.canManage ? (
              <Group justify="space-between" gap="xs">
                <Button
                  component="a"
                  href={submissionsZipPath(workspaceId, assignment.id)}
                  download
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden="true" />}
                >
                  {t('assignments.card.downloadAll')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  onClick={onDelete}
                  aria-label={t('assignments.card.deleteLabel', { title })}
                >
                  {t('assignments.card.delete')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
