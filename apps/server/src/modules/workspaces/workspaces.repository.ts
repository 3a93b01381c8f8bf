import { randomUUID } from 'node:crypto';
import type { ShuffleSnapshot } from '@teamshuffle/domain';
import { like, or, eq } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import {
  fixedPairs,
  keepApartPairs,
  lockedTeamMembers,
  lockedTeams,
  teams,
  workspaceMembers,
  workspaces,
} from './workspaces.table.ts';

/** Slugs already taken that a new slug from `base` could collide with (base, base-2, ...). */
export async function takenSlugs(db: Db, base: string): Promise<Set<string>> {
  const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .select({ slug: workspaces.slug })
    .from(workspaces)
    .where(or(eq(workspaces.slug, base), like(workspaces.slug, `${escaped}-%`)));
  return new Set(rows.map((row) => row.slug));
}

type NewWorkspace = {
  ownerId: string;
  title: string;
  slug: string;
  sourceResultId: string | null;
  snapshot: ShuffleSnapshot;
};

/**
 * Writes a workspace with its roster, teams (no leaders yet) and constraints. Call it inside a
 * transaction: it is several statements. Ids are made here, so rows are written in batches.
 */
export async function insertWorkspace(db: Db, input: NewWorkspace) {
  const { snapshot } = input;
  const [workspace] = await db
    .insert(workspaces)
    .values({
      ownerId: input.ownerId,
      title: input.title,
      slug: input.slug,
      groupSize: snapshot.groupSize,
      sourceResultId: input.sourceResultId,
    })
    .returning();
  if (!workspace) throw new Error('insert returned no workspace');

  const teamIdByNumber = new Map(snapshot.groups.map((group) => [group.number, randomUUID()]));
  const teamOfMember = new Map<string, string>();
  for (const group of snapshot.groups) {
    for (const memberId of group.memberIds)
      teamOfMember.set(memberId, teamIdByNumber.get(group.number)!);
  }
  await db.insert(teams).values(
    snapshot.groups.map((group) => ({
      id: teamIdByNumber.get(group.number)!,
      workspaceId: workspace.id,
      number: group.number,
    })),
  );

  const rowIdOf = new Map(snapshot.members.map((member) => [member.id, randomUUID()]));
  await db.insert(workspaceMembers).values(
    snapshot.members.map((member, position) => ({
      id: rowIdOf.get(member.id)!,
      workspaceId: workspace.id,
      teamId: teamOfMember.get(member.id) ?? null,
      name: member.name,
      position,
    })),
  );

  const pairRows = (pairs: ShuffleSnapshot['fixedPairs']) =>
    pairs.map((pair) => ({
      workspaceId: workspace.id,
      memberAId: rowIdOf.get(pair.memberIds[0])!,
      memberBId: rowIdOf.get(pair.memberIds[1])!,
    }));
  if (snapshot.fixedPairs.length > 0)
    await db.insert(fixedPairs).values(pairRows(snapshot.fixedPairs));
  if (snapshot.keepApart.length > 0)
    await db.insert(keepApartPairs).values(pairRows(snapshot.keepApart));
  if (snapshot.lockedTeams.length > 0) {
    const lockedIds = snapshot.lockedTeams.map(() => randomUUID());
    await db.insert(lockedTeams).values(lockedIds.map((id) => ({ id, workspaceId: workspace.id })));
    await db.insert(lockedTeamMembers).values(
      snapshot.lockedTeams.flatMap((locked, index) =>
        locked.memberIds.map((memberId) => ({
          lockedTeamId: lockedIds[index]!,
          memberId: rowIdOf.get(memberId)!,
        })),
      ),
    );
  }
  return workspace;
}
