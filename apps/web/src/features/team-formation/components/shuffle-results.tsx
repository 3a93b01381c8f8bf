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
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowsShuffle,
  IconCopy,
  IconDeviceFloppy,
  IconHandMove,
  IconLogin,
  IconUsersGroup,
} from '@tabler/icons-react';
import { teamFigures } from '@teamshuffle/domain';
import type { TeamFigures } from '@teamshuffle/domain';
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { loadChunk } from '../../../lib/chunk-load';
import { useTranslation } from '../../../lib/i18n';
import { useTeamMoves } from '../hooks/use-team-moves';
import type { MoveAnnouncement, PendingMove } from '../hooks/use-team-moves';
import { shownAttributes } from '../model/balance';
import { constraintKindsByMember, sameNameSuffix } from '../model/draft';
import type { ConstraintKind, Draft, DraftArrangement, ShuffleOutcome } from '../model/draft';
import { breakDetail } from '../model/move-text';
import { outcomeReport } from '../model/run-shuffle';
import { BalanceReport } from './balance-report';
import { CONSTRAINT_ICONS } from './constraints-card';
import { MoveContext, MoveShellContext } from './move-context';
import type { MoveContextValue } from './move-context';
import { MoveControl } from './move-menu';
import type { MoveMenuMode } from './move-menu';
import { toneText } from './tone';

// The confirmation of a move that breaks something loads with its first opening (issue 14).
const MoveConfirmModal = lazyModal(
  async () => (await import('./move-confirm-modal')).MoveConfirmModal,
);

// Drag and drop (dnd-kit) loads when a result is shown, in a chunk of its own (issue 24); until
// it is here, and if it cannot load, members are moved with their "Move to team" menus.
type DndLayer = ComponentType<{ children: ReactNode }>;
let loadedDndLayer: DndLayer | null = null;
function useDndLayer(): DndLayer | null {
  const [layer, setLayer] = useState<DndLayer | null>(() => loadedDndLayer);
  useEffect(() => {
    if (layer) return;
    let isLive = true;
    loadChunk(async () => (await import('./move-dnd')).MoveDndLayer).then(
      (loaded) => {
        loadedDndLayer = loaded;
        if (isLive) setLayer(() => loaded);
      },
      () => {
        // Offline or a replaced deploy: the menus still move members.
      },
    );
    return () => {
      isLive = false;
    };
  }, [layer]);
  return layer;
}

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
  /** Puts teams moved by hand (or those before, on undo) into the draft (issue 24). */
  onArrange: (arrangement: DraftArrangement) => void;
};

/**
 * The results grid: cards Team 1 to Team n, a marker on members placed by a constraint, the
 * seed, and the actions (re-shuffle, copy as text, Save Result, Create Team). Members can be
 * moved to another team before saving (issue 24): each has a "Move to team" menu, and they can
 * be dragged; what a move breaks is shown before it is made, and moves can be undone.
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
  onArrange,
}: ShuffleResultsProps) {
  const { t, i18n } = useTranslation();
  const names = useMemo(
    () => new Map(draft.members.map((member) => [member.id, member.name])),
    [draft.members],
  );
  const { fixedPairs, lockedTeams, keepApart } = draft;
  // Each member's markers as one string ('fixedPair,keepApart'), so that a row's props compare
  // equal from one render to the next.
  const kindsByMember = useMemo(() => {
    const kinds = constraintKindsByMember({ fixedPairs, lockedTeams, keepApart });
    return new Map([...kinds].map(([id, set]) => [id, [...set].join(',')]));
  }, [fixedPairs, lockedTeams, keepApart]);
  const sizes = outcome.groups.map((group) => group.memberIds.length);
  const isUneven = Math.max(...sizes) - Math.min(...sizes) > 1;

  const moves = useTeamMoves(draft, onArrange);
  const dndLayer = useDndLayer();
  // The member whose "Move to team" menu is built (open), or whose button takes focus after a
  // move made from the menu.
  const [menu, setMenu] = useState<{ memberId: string; mode: MoveMenuMode } | null>(null);
  const openMenu = useCallback((memberId: string) => setMenu({ memberId, mode: 'open' }), []);
  const labelOf = useCallback(
    (id: string) => labels.get(id) ?? names.get(id) ?? id,
    [labels, names],
  );
  const teamNumbers = useMemo(() => outcome.groups.map((group) => group.number), [outcome.groups]);
  const { check, requestMove } = moves;
  const moveContext = useMemo<MoveContextValue>(
    () => ({
      check,
      requestMove,
      teamNumbers,
      labelOf,
      onMovedFromMenu: (memberId) => setMenu({ memberId, mode: 'focus' }),
    }),
    [check, requestMove, teamNumbers, labelOf],
  );
  // The confirmation keeps its words while it closes.
  const [shownPending, setShownPending] = useState<PendingMove | null>(null);
  if (moves.pending && moves.pending !== shownPending) setShownPending(moves.pending);
  const confirmMove = () => {
    const waiting = moves.pending;
    moves.confirm();
    // Focus follows a member moved from their menu; a dragged one leaves focus where it was.
    setMenu(waiting?.via === 'menu' ? { memberId: waiting.memberId, mode: 'focus' } : null);
  };
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

  const grid = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {outcome.groups.map((group, index) => (
        <TeamCard
          key={group.number}
          number={group.number}
          index={index}
          memberIds={group.memberIds}
          figures={figures?.[index] ?? null}
          hasRepeats={hasRepeats}
          formatNumber={formatNumber}
          names={names}
          labels={labels}
          kindsByMember={kindsByMember}
          menuMemberId={menu && group.memberIds.includes(menu.memberId) ? menu.memberId : null}
          menuMode={menu?.mode ?? null}
          onOpenMenu={openMenu}
        />
      ))}
    </SimpleGrid>
  );

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
            {outcome.isHandAdjusted ? (
              <Tooltip label={t('teamMove.handAdjustedHint')} withArrow multiline w={260}>
                <Badge
                  variant="light"
                  color="grape"
                  size="sm"
                  tt="none"
                  leftSection={<IconHandMove size={12} aria-hidden="true" />}
                  data-testid="hand-adjusted"
                >
                  {t('teamMove.handAdjusted')}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            disabled={!moves.canUndo}
            title={t('teamMove.undoHint')}
            onClick={moves.undo}
          >
            {t('teamMove.undo')}
          </Button>
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
            : outcome.isHandAdjusted
              ? t('teamMove.unevenMoved')
              : t('teamFormation.teams.unevenGeneric')}
        </Alert>
      ) : null}

      {report && outcome.balance ? (
        <BalanceReport report={report} isCut={outcome.balance.isCut} formatNumber={formatNumber} />
      ) : null}

      <Text size="xs" c="dimmed">
        {t('teamMove.dragHint')}
      </Text>
      <MoveContext.Provider value={moveContext}>
        <WithDnd layer={dndLayer}>{grid}</WithDnd>
      </MoveContext.Provider>
      <MoveAnnouncer announcement={moves.announcement} labelOf={labelOf} />
      <MoveConfirmModal
        opened={moves.pending !== null}
        title={
          shownPending
            ? t('teamMove.confirm.title', {
                name: labelOf(shownPending.memberId),
                number: shownPending.to,
              })
            : ''
        }
        details={
          shownPending
            ? shownPending.breaks.map((broken) =>
                breakDetail(broken, shownPending.memberId, t, labelOf),
              )
            : []
        }
        onCancel={moves.cancel}
        onConfirm={confirmMove}
      />
    </Stack>
  );
}

/** The grid inside the drag-and-drop layer once it has loaded. */
function WithDnd({ layer: Layer, children }: { layer: DndLayer | null; children: ReactNode }) {
  return Layer ? <Layer>{children}</Layer> : children;
}

/** The live region that tells screen readers of each move and undo ('Kim moved to Team 3.'). */
function MoveAnnouncer({
  announcement,
  labelOf,
}: {
  announcement: MoveAnnouncement | null;
  labelOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  let text = '';
  if (announcement) {
    const values = { name: labelOf(announcement.memberId), number: announcement.team };
    text =
      announcement.kind === 'moved'
        ? t('teamMove.announce.moved', values)
        : t('teamMove.announce.undone', values);
  }
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="move-announcement">
      {/* A new key each time, so the same words (the same member moved again) are said again. */}
      <span key={announcement?.count ?? 0}>{text}</span>
    </VisuallyHidden>
  );
}

type TeamCardProps = {
  number: number;
  index: number;
  memberIds: readonly string[];
  figures: TeamFigures | null;
  hasRepeats: boolean;
  formatNumber: (value: number) => string;
  names: ReadonlyMap<string, string>;
  labels: ReadonlyMap<string, string>;
  kindsByMember: ReadonlyMap<string, string>;
  /** The member of this team whose menu is built, or who takes focus; null for none. */
  menuMemberId: string | null;
  menuMode: MoveMenuMode;
  onOpenMenu: (memberId: string) => void;
};

/**
 * One team's card. Memoised, as are its rows: a move renders again the two teams it changes
 * (their member lists are new), not the others and not the rows that stay (issue 22's budget).
 */
const TeamCard = memo(function TeamCard({
  number,
  index,
  memberIds,
  figures,
  hasRepeats,
  formatNumber,
  names,
  labels,
  kindsByMember,
  menuMemberId,
  menuMode,
  onOpenMenu,
}: TeamCardProps) {
  const { t } = useTranslation();
  const { Card } = useContext(MoveShellContext);
  const headingId = `team-${number}-title`;
  const color = TEAM_COLORS[index % TEAM_COLORS.length] ?? 'indigo';
  return (
    <Card teamNumber={number}>
      {(drop) => (
        <Paper
          ref={drop.ref}
          withBorder
          radius="md"
          p="md"
          component="article"
          aria-labelledby={headingId}
          data-testid="team-card"
          data-team={number}
          data-drop-over={drop.isOver || undefined}
          style={drop.isOver ? DROP_OVER_STYLE : undefined}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h4" id={headingId}>
                {t('teamFormation.teams.team', { number })}
              </Title>
              <Badge variant="light" color={color}>
                {t('teamFormation.teams.size', { count: memberIds.length })}
              </Badge>
            </Group>
            {drop.hint}
            {figures ? (
              <TeamFigureLines
                number={number}
                figures={figures}
                hasRepeats={hasRepeats}
                formatNumber={formatNumber}
              />
            ) : null}
            <Stack component="ul" gap={6} style={LIST_STYLE}>
              {memberIds.map((id) => {
                const name = names.get(id) ?? '';
                return (
                  <MemberRow
                    key={id}
                    id={id}
                    name={name}
                    label={labels.get(id) ?? name}
                    // Members who share a name keep their numbers here too (issue 23).
                    suffix={sameNameSuffix(name, labels.get(id))}
                    kinds={kindsByMember.get(id) ?? ''}
                    menuMode={id === menuMemberId ? menuMode : null}
                    onOpenMenu={onOpenMenu}
                  />
                );
              })}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Card>
  );
});

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const satisfies CSSProperties;
const DROP_OVER_STYLE = {
  outline: '2px solid var(--mantine-primary-color-filled)',
  outlineOffset: 2,
} as const satisfies CSSProperties;

type MemberRowProps = {
  id: string;
  name: string;
  label: string;
  suffix: string | null;
  /** The constraint markers, comma-separated ('' for none). */
  kinds: string;
  menuMode: MoveMenuMode;
  onOpenMenu: (memberId: string) => void;
};

/** A member in a team: name, shared-name number, constraint markers, the Move button. */
const MemberRow = memo(function MemberRow({
  id,
  name,
  label,
  suffix,
  kinds,
  menuMode,
  onOpenMenu,
}: MemberRowProps) {
  const { t } = useTranslation();
  const { Row } = useContext(MoveShellContext);
  return (
    <Row memberId={id} style={MEMBER_STYLE}>
      <p style={suffix ? SHARED_NAME_STYLE : MEMBER_NAME_STYLE}>{name}</p>
      {suffix ? (
        <span style={SAME_NAME_STYLE} data-testid="team-member-same-name">
          {suffix}
        </span>
      ) : null}
      {kinds === ''
        ? null
        : (kinds.split(',') as ConstraintKind[]).map((kind) => {
            const Icon = CONSTRAINT_ICONS[kind];
            return (
              <Tooltip key={kind} label={t('teamFormation.teams.markerHint')} withArrow>
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
      <MoveControl memberId={id} label={label} mode={menuMode} onOpen={onOpenMenu} />
    </Row>
  );
});

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
