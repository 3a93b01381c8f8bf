import { z } from 'zod';
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN } from './constants.ts';
import {
  ATTRIBUTES_MAX,
  attributeDefinition,
  balanceSettings,
  memberAttributes,
  memberEmail,
} from './shuffle/balance/schema.ts';
import { TEXT_LIMITS, TEXT_RULES, text } from './text.ts';

/** Most members one saved result or workspace may hold. */
export const RESULT_MEMBERS_MAX = 1000;
/** Longest title of a saved result or workspace. */
export const RESULT_TITLE_MAX = TEXT_LIMITS.title;

const id = text(TEXT_RULES.id);
const memberName = text(TEXT_RULES.memberName, { required: 'A member needs a name' });

/** A title as users type it: trimmed, required (spec part 1, section 5: 'name required (trimmed)'). */
export const resultTitle = text(TEXT_RULES.title, {
  required: 'Please enter a name',
  too_long: `The name can be at most ${RESULT_TITLE_MAX} characters`,
});

/**
 * One shuffle as it is saved: who, how they were grouped, under which constraints, with which
 * seed; since balancing (issue 15) also members' e-mails and attributes, the attribute columns,
 * and what the teams were balanced for (all optional: older snapshots stay valid).
 */
export const shuffleSnapshot = z.object({
  members: z
    .array(
      z.object({
        id,
        name: memberName,
        email: memberEmail.optional(),
        attributes: memberAttributes.optional(),
      }),
    )
    .min(1, 'Add at least one member')
    .max(RESULT_MEMBERS_MAX),
  groups: z
    .array(z.object({ number: z.number().int().min(1), memberIds: z.array(id) }))
    .min(TEAM_COUNT_MIN)
    .max(TEAM_COUNT_MAX),
  groupSize: z.number().int().min(TEAM_COUNT_MIN).max(TEAM_COUNT_MAX),
  fixedPairs: z.array(z.object({ id, memberIds: z.tuple([id, id]) })).default([]),
  lockedTeams: z.array(z.object({ id, memberIds: z.array(id).min(1) })).default([]),
  keepApart: z.array(z.object({ id, memberIds: z.tuple([id, id]) })).default([]),
  // The seed's exact code points feed the draw, so it is checked but not normalised.
  seed: text({ max: 128, normalize: false }),
  attributes: z.array(attributeDefinition).max(ATTRIBUTES_MAX).optional(),
  balance: balanceSettings.optional(),
  // Issue 24: members moved to other teams by hand after the draw. Such teams are not the draw
  // of the seed (which is kept: it replays the teams before the moves), so they are not checked
  // against it; every other check holds.
  isHandAdjusted: z.boolean().optional(),
});
export type ShuffleSnapshot = z.infer<typeof shuffleSnapshot>;

/** POST /api/results and Create Team: a title and the snapshot. */
export const saveResultInput = z.object({ title: resultTitle, snapshot: shuffleSnapshot });
export type SaveResultInput = z.infer<typeof saveResultInput>;

/** One card of the /results list, as GET /api/results answers it. */
export const resultSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  membersCount: z.number(),
  teamsCount: z.number(),
  groupSize: z.number(),
  fixedPairsCount: z.number(),
  lockedTeamsCount: z.number(),
  keepApartCount: z.number(),
});
export type ResultSummary = z.infer<typeof resultSummary>;

/** A saved result with its snapshot, as GET /api/results/:id answers it. */
export const savedResult = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  snapshot: shuffleSnapshot,
});
export type SavedResult = z.infer<typeof savedResult>;

/** The case- and space-insensitive form under which titles must be unique per user. */
export function titleKey(title: string): string {
  return title.trim().toLowerCase();
}

/**
 * The reasons a snapshot is not a faithful shuffle (empty when it is): every member in exactly
 * one group, groups numbered 1..n, constraints naming known members and honoured by the groups
 * (and, for teams adjusted by hand, no empty group).
 */
export function snapshotProblems(snapshot: ShuffleSnapshot): string[] {
  const problems: string[] = [];
  const names = new Map<string, string>();
  for (const member of snapshot.members) {
    if (names.has(member.id)) problems.push(`Member id ${member.id} is used twice`);
    names.set(member.id, member.name);
  }
  const groupOf = new Map<string, number>();
  snapshot.groups.forEach((group, index) => {
    if (group.number !== index + 1)
      problems.push(`Groups must be numbered 1 to ${snapshot.groups.length} in order`);
    for (const memberId of group.memberIds) {
      if (!names.has(memberId))
        problems.push(`Group ${group.number} has an unknown member ${memberId}`);
      else if (groupOf.has(memberId))
        problems.push(`${names.get(memberId)} is in more than one group`);
      groupOf.set(memberId, group.number);
    }
  });
  for (const memberId of names.keys()) {
    if (!groupOf.has(memberId)) problems.push(`${names.get(memberId)} is in no group`);
  }
  // A draw never leaves a team empty (the replay refuses one); hand-adjusted teams are not
  // replayed, so they are held to it here.
  if (snapshot.isHandAdjusted) {
    for (const group of snapshot.groups) {
      if (group.memberIds.length === 0) problems.push(`Group ${group.number} has no members`);
    }
  }
  const together = (kind: string, constraintId: string, memberIds: readonly string[]) => {
    const unknown = memberIds.find((memberId) => !names.has(memberId));
    if (unknown) return problems.push(`${kind} ${constraintId} names an unknown member ${unknown}`);
    if (new Set(memberIds).size !== memberIds.length)
      return problems.push(`${kind} ${constraintId} names a member twice`);
    if (new Set(memberIds.map((memberId) => groupOf.get(memberId))).size > 1) {
      problems.push(`${kind} ${constraintId} is split across groups`);
    }
  };
  for (const pair of snapshot.fixedPairs) together('Fixed pair', pair.id, pair.memberIds);
  for (const locked of snapshot.lockedTeams) together('Locked team', locked.id, locked.memberIds);
  for (const pair of snapshot.keepApart) {
    const [a, b] = pair.memberIds;
    if (!names.has(a) || !names.has(b) || a === b)
      problems.push(`Keep-apart pair ${pair.id} is not two known members`);
    else if (groupOf.get(a) === groupOf.get(b))
      problems.push(`${names.get(a)} and ${names.get(b)} must be kept apart`);
  }
  problems.push(...attributeProblems(snapshot, names));
  return problems;
}

// Attributes name defined columns with values of their kind; what the teams were balanced for
// names columns of the right kind, and earlier rounds name members of this shuffle.
function attributeProblems(snapshot: ShuffleSnapshot, names: ReadonlyMap<string, string>) {
  const problems: string[] = [];
  const kinds = new Map<string, string>();
  for (const attribute of snapshot.attributes ?? []) {
    if (kinds.has(attribute.key)) problems.push(`Attribute ${attribute.key} is defined twice`);
    kinds.set(attribute.key, attribute.kind);
  }
  for (const member of snapshot.members) {
    for (const [key, value] of Object.entries(member.attributes ?? {})) {
      const kind = kinds.get(key);
      if (kind === undefined) problems.push(`${member.name} has an undefined attribute ${key}`);
      else if ((kind === 'numeric') !== (typeof value === 'number'))
        problems.push(`${member.name}'s ${key} is not a ${kind} value`);
    }
  }
  const balance = snapshot.balance;
  if (!balance) return problems;
  const check = (key: string, kind: string) => {
    if (kinds.get(key) !== kind) problems.push(`Balancing names ${key}, not a ${kind} attribute`);
  };
  for (const key of balance.numeric) check(key, 'numeric');
  for (const key of balance.spread) check(key, 'categorical');
  for (const rule of balance.noIsolation) check(rule.key, 'categorical');
  balance.earlierRounds.forEach((round, index) => {
    const seen = new Set<string>();
    for (const memberId of round.flat()) {
      if (!names.has(memberId))
        problems.push(`Earlier round ${index + 1} has an unknown member ${memberId}`);
      else if (seen.has(memberId))
        problems.push(`${names.get(memberId)} is twice in earlier round ${index + 1}`);
      seen.add(memberId);
    }
  });
  return problems;
}
