import { normalizeEmail } from '@teamshuffle/domain';
import type { SavedResult, WorkspaceDetail } from '@teamshuffle/domain';
import type { EarlierRoundChoice, EarlierRoundSource } from './balance';
import type { DraftMember } from './draft';

// Earlier rounds (issue 15): a saved result or a workspace of the user's, turned into teams of
// the members on /app. The same person may have another id there, so members are found by id
// (a result saved from this list), else by e-mail, else by a name that is unique on both sides.

/** Someone in an earlier round. */
export type RoundMember = { id: string; name: string; email?: string | null | undefined };

/** An earlier round as its source gives it: who was in it, and its teams. */
export type RoundSource = {
  members: readonly RoundMember[];
  teams: readonly (readonly string[])[];
};

function countBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

const emailKey = (member: { email?: string | null | undefined }) =>
  member.email ? normalizeEmail(member.email) : null;

/**
 * The round's teams as ids of `current` members (people not found are left out, and nobody is
 * found twice), with how many were found.
 */
export function matchRound(
  current: readonly DraftMember[],
  round: RoundSource,
): { teams: string[][]; matched: number; total: number } {
  const currentIds = new Set(current.map((member) => member.id));
  const emailCounts = countBy(current, emailKey);
  const roundEmailCounts = countBy(round.members, emailKey);
  const nameCounts = countBy(current, (member) => member.name);
  const roundNameCounts = countBy(round.members, (member) => member.name);
  const byEmail = new Map(current.flatMap((m) => (emailKey(m) ? [[emailKey(m)!, m.id]] : [])));
  const byName = new Map(current.map((member) => [member.name, member.id]));

  const taken = new Set<string>();
  const found = new Map<string, string>(); // round member id -> current member id
  const take = (roundId: string, currentId: string | undefined) => {
    if (currentId === undefined || taken.has(currentId) || found.has(roundId)) return;
    taken.add(currentId);
    found.set(roundId, currentId);
  };
  // Ids first (the strongest match), then e-mails, then unique names.
  for (const member of round.members) if (currentIds.has(member.id)) take(member.id, member.id);
  for (const member of round.members) {
    const email = emailKey(member);
    if (email && emailCounts.get(email) === 1 && roundEmailCounts.get(email) === 1) {
      take(member.id, byEmail.get(email));
    }
  }
  for (const member of round.members) {
    if (nameCounts.get(member.name) === 1 && roundNameCounts.get(member.name) === 1) {
      take(member.id, byName.get(member.name));
    }
  }
  const teams = round.teams
    .map((team) => team.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])))
    .filter((team) => team.length > 0);
  return { teams, matched: found.size, total: round.members.length };
}

/** A saved result as an earlier round. */
export function roundOfResult(result: SavedResult): RoundSource {
  return {
    members: result.snapshot.members,
    teams: result.snapshot.groups.map((group) => group.memberIds),
  };
}

/** A workspace as an earlier round (the owner sees the roster's e-mails). */
export function roundOfWorkspace(workspace: WorkspaceDetail): RoundSource {
  return {
    members: workspace.members,
    teams: workspace.teams.map((team) => team.memberIds),
  };
}

/** The choice for a source matched against the list. */
export function earlierRoundChoice(
  source: EarlierRoundSource,
  current: readonly DraftMember[],
  round: RoundSource,
): EarlierRoundChoice {
  return { ...source, ...matchRound(current, round) };
}
