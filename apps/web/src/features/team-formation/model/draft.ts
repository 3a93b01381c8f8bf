import {
  ATTRIBUTE_KEY_MAX,
  ATTRIBUTE_TEXT_MAX,
  ATTRIBUTES_MAX,
  MEMBER_NAME_MAX_LENGTH,
  RESULT_MEMBERS_MAX,
  memberEmail,
  memberNameKey,
  normalizeEmail,
  parseNameLines,
  TEAM_COUNT_DEFAULT,
  teamCountFrom,
} from '@teamshuffle/domain';
import type { ConstraintKind, ShuffleSnapshot } from '@teamshuffle/domain';
import { cleanChoice, EMPTY_BALANCE, settingsFit } from './balance';
import type { AttributeDefinition, AttributeValue, BalanceChoice, OutcomeBalance } from './balance';

// The /app draft: members, number of teams, constraints and the last shuffle. Constraints and
// teams name members by id, never by name, so a rename shows everywhere at once and a removal
// takes the member out of every constraint: no constraint or team can name someone who is not
// in the list (the "phantom names" of the issue). Every action keeps these invariants:
// - member ids are unique; names are trimmed, 1..MEMBER_NAME_MAX_LENGTH characters;
// - a fixed or keep-apart pair names two different members of the list; a locked team one or
//   more different members of the list;
// - the outcome (when there is one) puts every member in exactly one of `teamCount` teams
//   numbered 1..n, and was formed from exactly these members and constraints;
// - attribute names are unique; a member's values name defined attributes and have their kind
//   (numbers for numeric ones); the balance choice names attributes of the right kind and, in its
//   earlier rounds, members of the list only (issue 15).

export type { ConstraintKind };

/** A member of the list; names may repeat, ids do not. E-mail and attributes come from Import. */
export type DraftMember = {
  id: string;
  name: string;
  email?: string;
  attributes?: Record<string, AttributeValue>;
};
/** A fixed pair or a keep-apart pair. */
export type PairConstraint = { id: string; memberIds: [string, string] };
/** Members who stay together in one team. */
export type LockedTeam = { id: string; memberIds: string[] };
/** One team of a shuffle. */
export type TeamGroup = { number: number; memberIds: string[] };
/** The saved result an outcome is stored as, while the outcome is unchanged since. */
export type SavedRef = { id: string; title: string };

/** The teams of the last shuffle of this draft. */
export type ShuffleOutcome = {
  groups: TeamGroup[];
  seed: string;
  /** The engine's words for why the sizes differ by more than one; null when they do not. */
  unevenReason: string | null;
  /** Set once saved (or loaded from /results): Create Team then reuses that saved result. */
  savedAs: SavedRef | null;
  /** What the teams were balanced with; absent for a plain shuffle. */
  balance?: OutcomeBalance;
  /** Members were moved to other teams by hand after the draw (issue 24); saved as such. */
  isHandAdjusted?: boolean;
};

/**
 * The teams after moves by hand and the constraints they keep (issue 24: a confirmed move takes
 * out the constraints it breaks), or the earlier ones again (undo).
 */
export type DraftArrangement = {
  groups: TeamGroup[];
  fixedPairs: PairConstraint[];
  lockedTeams: LockedTeam[];
  keepApart: PairConstraint[];
  isHandAdjusted: boolean;
  unevenReason: string | null;
  savedAs: SavedRef | null;
};

export type Draft = {
  members: DraftMember[];
  /** 2..10. */
  teamCount: number;
  fixedPairs: PairConstraint[];
  lockedTeams: LockedTeam[];
  keepApart: PairConstraint[];
  outcome: ShuffleOutcome | null;
  /** Imported attribute columns (issue 15). */
  attributes: AttributeDefinition[];
  /** What the next shuffle balances. */
  balance: BalanceChoice;
};

export type DraftAction =
  | { type: 'addMembers'; members: DraftMember[] }
  | { type: 'importMembers'; members: DraftMember[]; attributes: AttributeDefinition[] }
  | { type: 'setBalance'; balance: BalanceChoice }
  | { type: 'removeAttribute'; key: string }
  | { type: 'renameMember'; id: string; name: string }
  | { type: 'removeMember'; id: string }
  | { type: 'removeEmail'; id: string }
  | { type: 'clear' }
  | { type: 'setTeamCount'; teamCount: unknown }
  | { type: 'addConstraint'; kind: ConstraintKind; id: string; memberIds: string[] }
  | { type: 'removeConstraint'; kind: ConstraintKind; id: string }
  | { type: 'setOutcome'; outcome: ShuffleOutcome }
  | { type: 'markSaved'; savedAs: SavedRef }
  | { type: 'arrange'; arrangement: DraftArrangement }
  | { type: 'replace'; draft: Draft };

export const EMPTY_DRAFT: Draft = {
  members: [],
  teamCount: TEAM_COUNT_DEFAULT,
  fixedPairs: [],
  lockedTeams: [],
  keepApart: [],
  outcome: null,
  attributes: [],
  balance: EMPTY_BALANCE,
};

/** Most members one list may hold: what a saved result may hold. */
export const DRAFT_MEMBERS_MAX = RESULT_MEMBERS_MAX;

/** A name as it is stored: trimmed; null when blank or too long. */
export function cleanName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MEMBER_NAME_MAX_LENGTH) return null;
  return trimmed;
}

/** An attribute name as stored: trimmed, at most ATTRIBUTE_KEY_MAX characters; null when blank. */
export function cleanAttributeKey(key: string): string | null {
  const trimmed = key.trim().slice(0, ATTRIBUTE_KEY_MAX).trim();
  return trimmed === '' ? null : trimmed;
}

/** The attribute definitions after adding `added`: same name and kind merge, others are new. */
function mergeAttributes(
  current: readonly AttributeDefinition[],
  added: readonly AttributeDefinition[],
): AttributeDefinition[] {
  const merged = [...current];
  for (const attribute of added) {
    const key = cleanAttributeKey(attribute.key);
    if (key === null || merged.length >= ATTRIBUTES_MAX) continue;
    if (merged.some((known) => known.key === key)) continue; // the first kind wins
    merged.push({ key, kind: attribute.kind });
  }
  return merged;
}

// A member's e-mail and attribute values as stored: a valid e-mail or none; values of defined
// attributes only, numbers for numeric ones, trimmed text of at most ATTRIBUTE_TEXT_MAX for others.
function cleanDetails(
  member: DraftMember,
  kinds: ReadonlyMap<string, AttributeDefinition['kind']>,
): Pick<DraftMember, 'email' | 'attributes'> {
  const details: Pick<DraftMember, 'email' | 'attributes'> = {};
  const email = member.email === undefined ? null : memberEmail.safeParse(member.email);
  if (email?.success) details.email = email.data;
  const attributes: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(member.attributes ?? {})) {
    const kind = kinds.get(key);
    if (kind === 'numeric' && typeof value === 'number' && Number.isFinite(value)) {
      attributes[key] = value;
    } else if (kind === 'categorical' && typeof value === 'string') {
      const text = value.trim().slice(0, ATTRIBUTE_TEXT_MAX).trim();
      if (text !== '') attributes[key] = text;
    }
  }
  if (Object.keys(attributes).length > 0) details.attributes = attributes;
  return details;
}

function kindsOf(attributes: readonly AttributeDefinition[]) {
  return new Map(attributes.map((attribute) => [attribute.key, attribute.kind]));
}

/** Bulk add (spec part 1, section 5): one name per line, blank lines dropped, names trimmed. */
export function parseBulkNames(text: string): string[] {
  // The domain's rule, which bulk add's form schema (bulkMembersForm) applies too.
  return parseNameLines(text);
}

/** New members for names, each with a fresh id from `makeId`. */
export function newMembers(names: readonly string[], makeId: () => string): DraftMember[] {
  return names.map((name) => ({ id: makeId(), name }));
}

function constraintList(
  draft: Draft,
  kind: ConstraintKind,
): readonly { id: string; memberIds: string[] }[] {
  switch (kind) {
    case 'fixedPair':
      return draft.fixedPairs;
    case 'lockedTeam':
      return draft.lockedTeams;
    case 'keepApart':
      return draft.keepApart;
  }
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * Why a new constraint cannot be added, or null when it can: pairs need exactly two different
 * members, a locked team at least one; all must be in the list; the same pair twice is refused.
 */
export function constraintProblem(
  draft: Draft,
  kind: ConstraintKind,
  memberIds: readonly string[],
): 'count' | 'unknown' | 'duplicate' | null {
  const distinct = new Set(memberIds);
  if (distinct.size !== memberIds.length) return 'count';
  // spec part 1, section 5: a fixed pair needs exactly two members, a locked team at least one
  if (kind === 'lockedTeam' ? memberIds.length < 1 : memberIds.length !== 2) return 'count';
  const known = new Set(draft.members.map((member) => member.id));
  if (memberIds.some((id) => !known.has(id))) return 'unknown';
  if (constraintList(draft, kind).some((c) => sameMembers(c.memberIds, memberIds))) {
    return 'duplicate';
  }
  return null;
}

/** Whether an outcome fits the draft: every member in exactly one of `teamCount` teams 1..n. */
export function outcomeFits(draft: Draft, outcome: ShuffleOutcome): boolean {
  if (outcome.groups.length !== draft.teamCount) return false;
  if (outcome.seed.trim() === '') return false;
  const known = new Set(draft.members.map((member) => member.id));
  const placed = new Set<string>();
  for (const [index, group] of outcome.groups.entries()) {
    if (group.number !== index + 1) return false;
    for (const id of group.memberIds) {
      if (!known.has(id) || placed.has(id)) return false;
      placed.add(id);
    }
  }
  if (outcome.balance && !settingsFit(outcome.balance.settings, draft.attributes, known)) {
    return false;
  }
  return placed.size === known.size;
}

function withoutOutcome(draft: Draft): Draft {
  return draft.outcome === null ? draft : { ...draft, outcome: null };
}

/** The draft after one user action. Actions that would break an invariant change nothing. */
export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'addMembers':
    case 'importMembers': {
      const attributes =
        action.type === 'importMembers'
          ? mergeAttributes(draft.attributes, action.attributes)
          : draft.attributes;
      const kinds = kindsOf(attributes);
      const ids = new Set(draft.members.map((member) => member.id));
      const added: DraftMember[] = [];
      for (const member of action.members) {
        const name = cleanName(member.name);
        if (name === null || member.id === '' || ids.has(member.id)) continue;
        if (draft.members.length + added.length >= DRAFT_MEMBERS_MAX) break;
        ids.add(member.id);
        added.push({ id: member.id, name, ...cleanDetails(member, kinds) });
      }
      if (added.length === 0) return draft;
      return withoutOutcome({ ...draft, attributes, members: [...draft.members, ...added] });
    }
    case 'removeAttribute': {
      if (!draft.attributes.some((attribute) => attribute.key === action.key)) return draft;
      const attributes = draft.attributes.filter((attribute) => attribute.key !== action.key);
      const members = draft.members.map((member) => {
        if (!member.attributes || !(action.key in member.attributes)) return member;
        const rest = { ...member.attributes };
        delete rest[action.key];
        const { attributes: _, ...plain } = member;
        return Object.keys(rest).length > 0 ? { ...plain, attributes: rest } : plain;
      });
      const ids = new Set(members.map((member) => member.id));
      const kept =
        draft.outcome?.balance && !settingsFit(draft.outcome.balance.settings, attributes, ids)
          ? null
          : draft.outcome;
      return {
        ...draft,
        attributes,
        members,
        balance: cleanChoice(draft.balance, attributes, ids),
        // The teams stay (same people); a saved copy still has the column, so it is not this.
        outcome: kept ? { ...kept, savedAs: null } : null,
      };
    }
    case 'setBalance': {
      const ids = new Set(draft.members.map((member) => member.id));
      return { ...draft, balance: cleanChoice(action.balance, draft.attributes, ids) };
    }
    case 'renameMember': {
      const name = cleanName(action.name);
      const current = draft.members.find((member) => member.id === action.id);
      if (name === null || !current || current.name === name) return draft;
      const members = draft.members.map((member) =>
        member.id === action.id ? { ...member, name } : member,
      );
      // The teams stay as they are (same people); the saved copy no longer matches the names.
      const outcome = draft.outcome ? { ...draft.outcome, savedAs: null } : null;
      return { ...draft, members, outcome };
    }
    case 'removeEmail': {
      // One person, one roster entry (issue 23): how a teacher frees an e-mail two members share.
      const current = draft.members.find((member) => member.id === action.id);
      if (current?.email === undefined) return draft;
      const members = draft.members.map((member) => {
        if (member.id !== action.id) return member;
        const { email: _, ...rest } = member;
        return rest;
      });
      // The teams stay (same people, e-mails play no part in a draw); the saved copy differs.
      const outcome = draft.outcome ? { ...draft.outcome, savedAs: null } : null;
      return { ...draft, members, outcome };
    }
    case 'removeMember': {
      if (!draft.members.some((member) => member.id === action.id)) return draft;
      const mentions = (c: { memberIds: readonly string[] }) => c.memberIds.includes(action.id);
      const members = draft.members.filter((member) => member.id !== action.id);
      const ids = new Set(members.map((member) => member.id));
      return {
        ...draft,
        members,
        // Earlier rounds lose the member too (no round names someone who is not in the list).
        balance: cleanChoice(draft.balance, draft.attributes, ids),
        // A pair without one of its two members is no pair: it goes.
        fixedPairs: draft.fixedPairs.filter((pair) => !mentions(pair)),
        keepApart: draft.keepApart.filter((pair) => !mentions(pair)),
        // A locked team loses the member, and goes when nobody is left in it.
        lockedTeams: draft.lockedTeams
          .map((team) =>
            mentions(team)
              ? { ...team, memberIds: team.memberIds.filter((id) => id !== action.id) }
              : team,
          )
          .filter((team) => team.memberIds.length > 0),
        outcome: null,
      };
    }
    case 'clear':
      return { ...EMPTY_DRAFT, teamCount: draft.teamCount };
    case 'setTeamCount': {
      // spec part 1, section 5: 2 to 10, falls back to 4 if not a number
      const teamCount = teamCountFrom(action.teamCount);
      if (teamCount === draft.teamCount) return draft;
      return { ...draft, teamCount, outcome: null };
    }
    case 'addConstraint': {
      if (
        action.id === '' ||
        constraintList(draft, action.kind).some((c) => c.id === action.id) ||
        constraintProblem(draft, action.kind, action.memberIds) !== null
      ) {
        return draft;
      }
      const { id, memberIds } = action;
      switch (action.kind) {
        case 'fixedPair':
          return withoutOutcome({
            ...draft,
            fixedPairs: [...draft.fixedPairs, { id, memberIds: [memberIds[0]!, memberIds[1]!] }],
          });
        case 'keepApart':
          return withoutOutcome({
            ...draft,
            keepApart: [...draft.keepApart, { id, memberIds: [memberIds[0]!, memberIds[1]!] }],
          });
        case 'lockedTeam':
          return withoutOutcome({
            ...draft,
            lockedTeams: [...draft.lockedTeams, { id, memberIds: [...memberIds] }],
          });
      }
      return draft;
    }
    case 'removeConstraint': {
      const keep = (c: { id: string }) => c.id !== action.id;
      switch (action.kind) {
        case 'fixedPair':
          if (draft.fixedPairs.every(keep)) return draft;
          return withoutOutcome({ ...draft, fixedPairs: draft.fixedPairs.filter(keep) });
        case 'keepApart':
          if (draft.keepApart.every(keep)) return draft;
          return withoutOutcome({ ...draft, keepApart: draft.keepApart.filter(keep) });
        case 'lockedTeam':
          if (draft.lockedTeams.every(keep)) return draft;
          return withoutOutcome({ ...draft, lockedTeams: draft.lockedTeams.filter(keep) });
      }
      return draft;
    }
    case 'setOutcome':
      return outcomeFits(draft, action.outcome) ? { ...draft, outcome: action.outcome } : draft;
    case 'arrange': {
      // Teams moved by hand keep the draft's invariants: the same members, each in one of the
      // same teams, and constraints naming members of the list only.
      if (!draft.outcome) return draft;
      const { groups, fixedPairs, lockedTeams, keepApart, isHandAdjusted, unevenReason, savedAs } =
        action.arrangement;
      const known = new Set(draft.members.map((member) => member.id));
      const namesKnown = (c: { memberIds: readonly string[] }) =>
        c.memberIds.every((id) => known.has(id)) &&
        new Set(c.memberIds).size === c.memberIds.length;
      const pairsFit = (list: readonly PairConstraint[]) =>
        list.every((pair) => pair.memberIds.length === 2 && namesKnown(pair));
      if (
        !pairsFit(fixedPairs) ||
        !pairsFit(keepApart) ||
        !lockedTeams.every((team) => team.memberIds.length > 0 && namesKnown(team))
      ) {
        return draft;
      }
      const { isHandAdjusted: _, ...rest } = draft.outcome;
      const outcome: ShuffleOutcome = {
        ...rest,
        groups,
        unevenReason,
        savedAs,
        ...(isHandAdjusted ? { isHandAdjusted: true } : {}),
      };
      if (!outcomeFits(draft, outcome)) return draft;
      return { ...draft, fixedPairs, lockedTeams, keepApart, outcome };
    }
    case 'markSaved':
      return draft.outcome
        ? { ...draft, outcome: { ...draft.outcome, savedAs: action.savedAs } }
        : draft;
    case 'replace':
      return action.draft;
  }
}

/** The kinds of constraint that name each member. */
export function constraintKindsByMember(
  draft: Pick<Draft, 'fixedPairs' | 'lockedTeams' | 'keepApart'>,
): Map<string, Set<ConstraintKind>> {
  const kinds = new Map<string, Set<ConstraintKind>>();
  const note = (kind: ConstraintKind, list: readonly { memberIds: readonly string[] }[]) => {
    for (const constraint of list) {
      for (const id of constraint.memberIds) {
        let set = kinds.get(id);
        if (!set) kinds.set(id, (set = new Set()));
        set.add(kind);
      }
    }
  };
  note('fixedPair', draft.fixedPairs);
  note('lockedTeam', draft.lockedTeams);
  note('keepApart', draft.keepApart);
  return kinds;
}

/**
 * A label per member that tells repeated names apart ("Alex (1)", "alex (2)"), for the list, the
 * pickers, constraints and teams; a name that occurs once is its own label. Names are the same
 * when they differ only in case or spaces (issue 23: duplicate names shown apart everywhere).
 */
export function memberLabels(members: readonly DraftMember[]): Map<string, string> {
  const total = new Map<string, number>();
  for (const member of members) {
    const key = memberNameKey(member.name);
    total.set(key, (total.get(key) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const member of members) {
    const key = memberNameKey(member.name);
    if ((total.get(key) ?? 0) < 2) {
      labels.set(member.id, member.name);
      continue;
    }
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    labels.set(member.id, `${member.name} (${occurrence})`);
  }
  return labels;
}

/** What a label adds to a member's name to tell it apart ("(2)" for "Ann (2)"), or null. */
export function sameNameSuffix(name: string, label: string | undefined): string | null {
  if (label === undefined || label === name || !label.startsWith(name)) return null;
  return label.slice(name.length).trim();
}

/** A name two or more members share, as the first of them wrote it, and how many share it. */
export type SharedName = { name: string; count: number };

/** Names two or more members share (case- and space-insensitive), in list order. */
export function sharedNames(members: readonly DraftMember[]): SharedName[] {
  const byKey = new Map<string, SharedName>();
  for (const member of members) {
    const key = memberNameKey(member.name);
    const known = byKey.get(key);
    if (known) known.count++;
    else byKey.set(key, { name: member.name, count: 1 });
  }
  return [...byKey.values()].filter((shared) => shared.count > 1);
}

/** An e-mail two or more members have (trimmed, case-insensitive), with their ids in list order. */
export type SharedEmailGroup = { email: string; memberIds: string[] };

/**
 * E-mails two or more members have: such a list cannot be saved (issue 23: an e-mail belongs to
 * at most one member), so each is shown on its members' rows until one of them gives it up.
 */
export function sharedEmails(members: readonly DraftMember[]): SharedEmailGroup[] {
  const byEmail = new Map<string, SharedEmailGroup>();
  for (const member of members) {
    if (member.email === undefined || member.email.trim() === '') continue;
    const email = normalizeEmail(member.email);
    const known = byEmail.get(email);
    if (known) known.memberIds.push(member.id);
    else byEmail.set(email, { email, memberIds: [member.id] });
  }
  return [...byEmail.values()].filter((group) => group.memberIds.length > 1);
}

/**
 * What an addition repeats (issue 23: warned about when added): the names (as written, once
 * each) that a member of the list already has or that come twice in `added`, and likewise the
 * e-mails (normalised). The members are still added; a repeated e-mail blocks saving later.
 */
export function repeatsIn(
  existing: readonly DraftMember[],
  added: readonly Pick<DraftMember, 'name' | 'email'>[],
): { names: string[]; emails: string[] } {
  const knownNames = new Set(existing.map((member) => memberNameKey(member.name)));
  const knownEmails = new Set(
    existing.flatMap((member) => (member.email ? [normalizeEmail(member.email)] : [])),
  );
  const names = new Map<string, string>();
  const emails = new Set<string>();
  for (const member of added) {
    const key = memberNameKey(member.name);
    if (key !== '') {
      if (knownNames.has(key) && !names.has(key)) names.set(key, member.name.trim());
      knownNames.add(key);
    }
    const email = member.email ? normalizeEmail(member.email) : '';
    if (email !== '') {
      if (knownEmails.has(email)) emails.add(email);
      knownEmails.add(email);
    }
  }
  return { names: [...names.values()], emails: [...emails] };
}

/** The snapshot Save Result and Create Team send, or null before the first shuffle. */
export function snapshotOf(draft: Draft): ShuffleSnapshot | null {
  if (!draft.outcome) return null;
  const balance = draft.outcome.balance;
  return {
    members: draft.members.map((member) => ({
      id: member.id,
      name: member.name,
      ...(member.email === undefined ? {} : { email: member.email }),
      ...(member.attributes === undefined ? {} : { attributes: { ...member.attributes } }),
    })),
    groups: draft.outcome.groups.map((group) => ({
      number: group.number,
      memberIds: [...group.memberIds],
    })),
    // The snapshot's groupSize is the number of teams (server API).
    groupSize: draft.outcome.groups.length,
    fixedPairs: draft.fixedPairs.map((pair) => ({ id: pair.id, memberIds: pair.memberIds })),
    lockedTeams: draft.lockedTeams.map((team) => ({ id: team.id, memberIds: team.memberIds })),
    keepApart: draft.keepApart.map((pair) => ({ id: pair.id, memberIds: pair.memberIds })),
    seed: draft.outcome.seed,
    ...(draft.attributes.length > 0
      ? { attributes: draft.attributes.map((attribute) => ({ ...attribute })) }
      : {}),
    ...(balance ? { balance: balance.settings } : {}),
    // Issue 24: teams moved by hand are saved as such (the server does not replay the seed).
    ...(draft.outcome.isHandAdjusted ? { isHandAdjusted: true } : {}),
  };
}
