import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsShuffle,
  IconCopy,
  IconDeviceFloppy,
  IconLogin,
  IconUsersGroup,
} from '@tabler/icons-react';
import { teamFigures } from '@teamshuffle/domain';
import type { TeamFigures } from '@teamshuffle/domain';
import { useEffect, useMemo, useRef, type CSSProperties, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { shownAttributes } from '../model/balance';
import { constraintKindsByMember, sameNameSuffix } from '../model/draft';
import type { ConstraintKind, Draft, ShuffleOutcome } from '../model/draft';
import { outcomeReport } from '../model/run-shuffle';
import { BalanceReport } from './balance-report';
import { CONSTRAINT_ICONS } from './constraints-card';
import { toneText } from './tone';

const MARKER_COLORS = {
  fixedPair: 'indigo',
  lockedTeam: 'orange',
  keepApart: 'grape',
} as const satisfies Record<ConstraintKind, string>;

const TEAM_COLORS = [
  'indigo',
  'teal',
  'grape',
  'orange',
  'cyan',
  'pink',
  'lime',
  'violet',
  'red',
  'yellow',
];

// A team member is plain markup with constant styles (Mantine's Group and Text, as before in
// look): up to 1,000 of them appear at once when a shuffle ends, in one render (issue 22).
const MEMBER_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  flexWrap: 'nowrap',
} as const satisfies CSSProperties;
const MEMBER_NAME_STYLE = {
  flex: 1,
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
} as const satisfies CSSProperties;
// A shared name's number ('(2)') right after the name, which then takes only its own width.
const SHARED_NAME_STYLE = { ...MEMBER_NAME_STYLE, flex: '0 1 auto' } as const;
const SAME_NAME_STYLE = {
  flex: 1,
  fontSize: 'var(--mantine-font-size-sm)',
  color: 'var(--mantine-color-dimmed)',
  whiteSpace: 'nowrap',
} as const satisfies CSSProperties;

type ShuffleResultsProps = {
  draft: Draft;
  outcome: ShuffleOutcome;
  /** Names told apart from others of the same name ('Ann (2)'), as in the member list. */
  labels: ReadonlyMap<string, string>;
  isSignedIn: boolean;
  canSave: boolean;
  /** Bumped each time a shuffle finishes: the teams are scrolled into view. */
  revealCount: number;
  isReducedMotion: boolean;
  onReshuffle: () => void;
  /** Where the page puts focus back after a run (the button that started it is gone by then). */
  reshuffleRef?: Ref<HTMLButtonElement>;
  onCopy: () => void;
  onSave: () => void;
  onCreate: () => void;
};

/**
 * The results grid: cards Team 1 to Team n, a marker on members placed by a constraint, the
 * seed, and the actions (re-shuffle, copy as text, Save Result, Create Team).
 */
export function ShuffleResults({
  draft,
  outcome,
  labels,
  isSignedIn,
  canSave,
  revealCount,
  isReducedMotion,
  onReshuffle,
  reshuffleRef,
  onCopy,
  onSave,
  onCreate,
}: ShuffleResultsProps) {
  const { t, i18n } = useTranslation();
  const names = new Map(draft.members.map((member) => [member.id, member.name]));
  const kindsByMember = constraintKindsByMember(draft);
  const sizes = outcome.groups.map((group) => group.memberIds.length);
  const isUneven = Math.max(...sizes) - Math.min(...sizes) > 1;
  const sectionRef = useRef<HTMLDivElement>(null);
  const numberFormat = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language === 'ko' ? 'ko-KR' : 'en-US', {
        maximumFractionDigits: 2,
      }),
    [i18n.language],
  );
  const formatNumber = (value: number) => numberFormat.format(value);
  // Balanced teams: the report against the plain shuffle, and each team's counts and means
  // (never one person's value).
  const report = useMemo(() => outcomeReport(draft, outcome), [draft, outcome]);
  const figures = useMemo(() => {
    const settings = outcome.balance?.settings;
    if (!settings) return null;
    return teamFigures(
      draft.members,
      outcome.groups.map((group) => group.memberIds),
      shownAttributes(settings),
      settings.earlierRounds,
    );
  }, [draft.members, outcome]);
  const hasRepeats = (outcome.balance?.settings.earlierRounds.length ?? 0) > 0;
  useEffect(() => {
    if (revealCount > 0) {
      sectionRef.current?.scrollIntoView({
        behavior: isReducedMotion ? 'auto' : 'smooth',
        block: 'start',
      });
    }
  }, [revealCount, isReducedMotion]);

  return (
    <Stack gap="md" component="section" aria-labelledby="teams-title" ref={sectionRef}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} id="teams-title">
            {t('teamFormation.teams.title')}
          </Title>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('teamFormation.teams.seed')}
            </Text>
            <Code data-testid="shuffle-seed">{outcome.seed}</Code>
            {outcome.savedAs ? (
              <Badge variant="light" color="teal" size="sm" tt="none" data-testid="saved-as">
                {t('teamFormation.teams.savedAs', { title: outcome.savedAs.title })}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            ref={reshuffleRef}
            variant="default"
            leftSection={<IconArrowsShuffle size={16} aria-hidden="true" />}
            onClick={onReshuffle}
          >
            {t('teamFormation.shuffle.reshuffle')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden="true" />}
            onClick={onCopy}
          >
            {t('teamFormation.teams.copy')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            disabled={isSignedIn && !canSave}
            onClick={onSave}
          >
            {t('teamFormation.save.button')}
          </Button>
          <Button
            leftSection={
              isSignedIn ? (
                <IconUsersGroup size={16} aria-hidden="true" />
              ) : (
                <IconLogin size={16} aria-hidden="true" />
              )
            }
            disabled={isSignedIn && !canSave}
            onClick={onCreate}
          >
            {isSignedIn ? t('teamFormation.create.button') : t('teamFormation.create.loginButton')}
          </Button>
        </Group>
      </Group>

      {isSignedIn && !canSave ? (
        <Text size="sm" c="dimmed">
          {t('teamFormation.verifyFirst')}
        </Text>
      ) : null}

      {isUneven ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          data-testid="uneven-reason"
        >
          {outcome.unevenReason
            ? t('teamFormation.teams.uneven', { reason: outcome.unevenReason })
            : t('teamFormation.teams.unevenGeneric')}
        </Alert>
      ) : null}

      {report && outcome.balance ? (
        <BalanceReport report={report} isCut={outcome.balance.isCut} formatNumber={formatNumber} />
      ) : null}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {outcome.groups.map((group, index) => {
          const headingId = `team-${group.number}-title`;
          const color = TEAM_COLORS[index % TEAM_COLORS.length] ?? 'indigo';
          return (
            <Paper
              key={group.number}
              withBorder
              radius="md"
              p="md"
              component="article"
              aria-labelledby={headingId}
              data-testid="team-card"
            >
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h4" id={headingId}>
                    {t('teamFormation.teams.team', { number: group.number })}
                  </Title>
                  <Badge variant="light" color={color}>
                    {t('teamFormation.teams.size', { count: group.memberIds.length })}
                  </Badge>
                </Group>
                {figures?.[index] ? (
                  <TeamFigureLines
                    number={group.number}
                    figures={figures[index]}
                    hasRepeats={hasRepeats}
                    formatNumber={formatNumber}
                  />
                ) : null}
                <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {group.memberIds.map((id) => {
                    const kinds = [...(kindsByMember.get(id) ?? [])];
                    const name = names.get(id) ?? '';
                    // Members who share a name keep their numbers here too (issue 23).
                    const suffix = sameNameSuffix(name, labels.get(id));
                    return (
                      <li key={id} style={MEMBER_STYLE} data-testid="team-member">
                        <p style={suffix ? SHARED_NAME_STYLE : MEMBER_NAME_STYLE}>{name}</p>
                        {suffix ? (
                          <span style={SAME_NAME_STYLE} data-testid="team-member-same-name">
                            {suffix}
                          </span>
                        ) : null}
                        {kinds.map((kind) => {
                          const Icon = CONSTRAINT_ICONS[kind];
                          return (
                            <Tooltip
                              key={kind}
                              label={t('teamFormation.teams.markerHint')}
                              withArrow
                            >
                              <Badge
                                size="xs"
                                variant="light"
                                color={MARKER_COLORS[kind]}
                                leftSection={<Icon size={10} aria-hidden="true" />}
                                data-marker={kind}
                              >
                                {t(`teamFormation.teams.markers.${kind}`)}
                              </Badge>
                            </Tooltip>
                          );
                        })}
                      </li>
                    );
                  })}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

type TeamFigureLinesProps = {
  number: number;
  figures: TeamFigures;
  hasRepeats: boolean;
  formatNumber: (value: number) => string;
};

/** A team's counts of each category, mean of each number, and repeat teammates. */
function TeamFigureLines({ number, figures, hasRepeats, formatNumber }: TeamFigureLinesProps) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={2}
      role="group"
      aria-label={t('balance.team.figures', { number })}
      data-testid="team-figures"
    >
      {Object.entries(figures.counts).map(([key, counts]) => (
        <Text key={`count-${key}`} size="xs" c="dimmed" data-figure={`counts:${key}`}>
          {t('balance.team.counts', {
            key,
            counts: Object.entries(counts)
              .sort((a, b) => a[0].localeCompare(b[0]))
              .map(([value, count]) => `${value} ${count}`)
              .join(' · '),
          })}
        </Text>
      ))}
      {Object.entries(figures.means).map(([key, mean]) => (
        <Text key={`mean-${key}`} size="xs" c="dimmed" data-figure={`mean:${key}`}>
          {mean === null
            ? t('balance.team.noMean', { key })
            : t('balance.team.mean', { key, value: formatNumber(mean) })}
        </Text>
      ))}
      {hasRepeats ? (
        <Text
          size="xs"
          c={figures.repeats > 0 ? undefined : 'dimmed'}
          style={figures.repeats > 0 ? { color: toneText('orange') } : undefined}
          data-figure="repeats"
        >
          {t('balance.team.repeats', { count: figures.repeats })}
        </Text>
      ) : null}
    </Stack>
  );
}
