import { balanceSettings } from '@teamshuffle/domain';
import type { BalanceSettings } from '@teamshuffle/domain';
import { z } from 'zod';
import { choiceOf } from './balance';
import { EMPTY_DRAFT, draftReducer } from './draft';
import type { ConstraintKind, Draft, DraftAction, SavedRef } from './draft';

/** Local-storage key of the /app draft (members, number of teams, constraints, last teams). */
export const DRAFT_STORAGE_KEY = 'teamFormationDraft';
const DRAFT_STORAGE_VERSION = 1;

// Loose on purpose: whatever is stored (or comes from a saved result) is rebuilt through the
// reducer, which drops what breaks an invariant instead of refusing the whole draft.
const constraint = z.object({ id: z.string(), memberIds: z.array(z.string()) });
const constraints = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = constraint.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);
const savedRef = z.object({ id: z.string().min(1), title: z.string().min(1) });
const rawMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().optional().catch(undefined),
  attributes: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .optional()
    .catch(undefined),
});
const rawAttribute = z.object({ key: z.string(), kind: z.enum(['numeric', 'categorical']) });
const keys = z.array(z.string()).catch([]);
const rawChoice = z.object({
  numeric: keys,
  spread: keys,
  noIsolation: z.array(z.object({ key: z.string(), values: z.array(z.string()) })).catch([]),
  rounds: z
    .array(
      z.object({
        kind: z.enum(['result', 'workspace', 'loaded']),
        id: z.string(),
        title: z.string(),
        teams: z.array(z.array(z.string())),
        matched: z.number(),
        total: z.number(),
      }),
    )
    .catch([]),
});
const rawDraft = z.object({
  members: z.array(rawMember).catch([]),
  attributes: z.array(rawAttribute).catch([]),
  balance: rawChoice.optional().catch(undefined),
  teamCount: z.unknown(),
  fixedPairs: constraints.catch([]),
  lockedTeams: constraints.catch([]),
  keepApart: constraints.catch([]),
  outcome: z
    .object({
      groups: z.array(z.object({ number: z.number(), memberIds: z.array(z.string()) })),
      seed: z.string(),
      unevenReason: z.string().nullable().catch(null),
      savedAs: savedRef.nullable().catch(null),
      balance: z
        .object({ settings: balanceSettings, isCut: z.boolean().catch(false) })
        .optional()
        .catch(undefined),
      isHandAdjusted: z.boolean().optional().catch(undefined),
    })
    .nullable()
    .catch(null),
});

/** A draft as it may come from storage or a saved result, before it is checked. */
export type RawDraft = z.input<typeof rawDraft>;

/**
 * Rebuilds a draft from untrusted data through the reducer: members with a blank name or a
 * repeated id are dropped, constraints naming anyone not in the list are dropped, and teams that
 * do not place exactly these members are dropped. Never throws.
 */
export function buildDraft(raw: unknown): Draft {
  const parsed = rawDraft.safeParse(raw);
  if (!parsed.success) return EMPTY_DRAFT;
  const data = parsed.data;
  const actions: DraftAction[] = [
    { type: 'importMembers', members: data.members, attributes: data.attributes },
    { type: 'setTeamCount', teamCount: data.teamCount },
  ];
  if (data.balance) actions.push({ type: 'setBalance', balance: data.balance });
  const add = (kind: ConstraintKind, list: { id: string; memberIds: string[] }[]) => {
    for (const item of list) {
      actions.push({ type: 'addConstraint', kind, id: item.id, memberIds: item.memberIds });
    }
  };
  add('fixedPair', data.fixedPairs);
  add('lockedTeam', data.lockedTeams);
  add('keepApart', data.keepApart);
  if (data.outcome) {
    const { balance, isHandAdjusted, ...outcome } = data.outcome;
    actions.push({ type: 'setTeamCount', teamCount: data.outcome.groups.length });
    actions.push({
      type: 'setOutcome',
      outcome: {
        ...outcome,
        ...(balance ? { balance } : {}),
        ...(isHandAdjusted ? { isHandAdjusted: true } : {}),
      },
    });
  }
  return actions.reduce(draftReducer, EMPTY_DRAFT);
}

/** The draft kept in `storage`, or an empty one when there is none or it cannot be read. */
export function loadDraft(storage: Pick<Storage, 'getItem'> | null): Draft {
  try {
    const text = storage?.getItem(DRAFT_STORAGE_KEY);
    if (!text) return EMPTY_DRAFT;
    const stored = JSON.parse(text) as unknown;
    if (
      typeof stored !== 'object' ||
      stored === null ||
      (stored as { version?: unknown }).version !== DRAFT_STORAGE_VERSION
    ) {
      return EMPTY_DRAFT;
    }
    return buildDraft(stored);
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps the draft in `storage`; a full or unavailable storage only loses persistence. */
export function saveDraft(storage: Pick<Storage, 'setItem'> | null, draft: Draft): void {
  try {
    storage?.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ version: DRAFT_STORAGE_VERSION, ...draft }),
    );
  } catch {
    // Quota exceeded or storage disabled: the draft still works for this page.
  }
}

/** The browser's local storage, or null where it is unavailable (privacy modes, tests). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A saved result as /results hands it to /app. */
export type SavedResultForDraft = {
  id: string;
  title: string;
  snapshot: {
    members: {
      id: string;
      name: string;
      email?: string | undefined;
      attributes?: Record<string, string | number> | undefined;
    }[];
    groups: { number: number; memberIds: string[] }[];
    groupSize: number;
    fixedPairs: { id: string; memberIds: string[] }[];
    lockedTeams: { id: string; memberIds: string[] }[];
    keepApart: { id: string; memberIds: string[] }[];
    seed: string;
    attributes?: { key: string; kind: 'numeric' | 'categorical' }[] | undefined;
    balance?: BalanceSettings | undefined;
    isHandAdjusted?: boolean | undefined;
  };
};

/** The draft of a saved result: its members, constraints and teams, linked to the saved copy. */
export function draftFromSavedResult(
  result: SavedResultForDraft,
  unevenReason: string | null,
): Draft {
  const { snapshot } = result;
  const savedAs: SavedRef = { id: result.id, title: result.title };
  const balance = snapshot.balance ? { settings: snapshot.balance, isCut: false } : undefined;
  return buildDraft({
    members: snapshot.members,
    attributes: snapshot.attributes ?? [],
    // What it was balanced for is turned on again, so a re-shuffle balances the same way.
    ...(snapshot.balance ? { balance: choiceOf(snapshot.balance) } : {}),
    teamCount: snapshot.groups.length,
    fixedPairs: snapshot.fixedPairs,
    lockedTeams: snapshot.lockedTeams,
    keepApart: snapshot.keepApart,
    outcome: {
      groups: snapshot.groups,
      seed: snapshot.seed,
      unevenReason,
      savedAs,
      ...(balance ? { balance } : {}),
      ...(snapshot.isHandAdjusted ? { isHandAdjusted: true } : {}),
    },
  });
}
