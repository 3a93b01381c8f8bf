import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { deadlineExtensions } from './deadline-extensions.table.ts';

// The extensions' reads and writes (migration 0038, decision 0030).

export type ExtensionRow = typeof deadlineExtensions.$inferSelect;

/** An item with a deadline: an assignment or a lecture note's task. */
export type ExtensionItem = { kind: 'assignment' | 'task'; id: string };
/** Whose deadline: a team's (team work) or one roster member's (an individual task). */
export type ExtensionHolderRef = { teamId: string } | { memberId: string };

function itemCondition(item: ExtensionItem) {
  return item.kind === 'assignment'
    ? eq(deadlineExtensions.assignmentId, item.id)
    : eq(deadlineExtensions.noteId, item.id);
}

function holderCondition(holder: ExtensionHolderRef) {
  return 'teamId' in holder
    ? eq(deadlineExtensions.teamId, holder.teamId)
    : eq(deadlineExtensions.memberId, holder.memberId);
}

/** The holder's extension of the item, if any. */
export async function findExtension(
  db: Db,
  item: ExtensionItem,
  holder: ExtensionHolderRef,
): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .select()
    .from(deadlineExtensions)
    .where(and(itemCondition(item), holderCondition(holder)))
    .limit(1);
  return row;
}

/** Every extension of an item, teams' and members'. */
export async function listExtensions(db: Db, item: ExtensionItem): Promise<ExtensionRow[]> {
  return db
    .select()
    .from(deadlineExtensions)
    .where(itemCondition(item))
    .orderBy(deadlineExtensions.createdAt, deadlineExtensions.id);
}

/**
 * The later deadline of a hand-in on a note's task: the team's (team task), or the member's (an
 * individual task: a roster entry, or the entry of an account in the note's workspace).
 */
export async function taskExtensionDueAt(
  db: Db,
  noteId: string,
  holder: { teamId: string } | { memberId: string | null } | { userId: string },
): Promise<Date | null> {
  if ('teamId' in holder || 'memberId' in holder) {
    if ('memberId' in holder && holder.memberId === null) return null;
    const ref = 'teamId' in holder ? { teamId: holder.teamId } : { memberId: holder.memberId! };
    return (await findExtension(db, { kind: 'task', id: noteId }, ref))?.dueAt ?? null;
  }
  const result = await db.execute(sql`
    select de.due_at as "dueAt" from deadline_extensions de
    join workspace_members wm on wm.id = de.member_id
    join "user" u on u.id = ${holder.userId}
    where de.note_id = ${noteId} and wm.workspace_id = de.workspace_id
      and u.email_verified and lower(btrim(wm.email)) = lower(btrim(u.email))
    limit 1`);
  const [row] = rowsOf<{ dueAt: Date | string }>(result);
  return row ? new Date(row.dueAt) : null;
}

/** Gives or changes the holder's later deadline (one per item and holder). */
export async function upsertExtension(
  db: Db,
  values: {
    workspaceId: string;
    item: ExtensionItem;
    holder: ExtensionHolderRef;
    dueAt: Date;
    createdBy: string;
  },
): Promise<ExtensionRow> {
  const existing = await findExtension(db, values.item, values.holder);
  if (existing) {
    const [row] = await db
      .update(deadlineExtensions)
      .set({ dueAt: values.dueAt, updatedAt: sql`now()` })
      .where(eq(deadlineExtensions.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(deadlineExtensions)
    .values({
      workspaceId: values.workspaceId,
      assignmentId: values.item.kind === 'assignment' ? values.item.id : null,
      noteId: values.item.kind === 'task' ? values.item.id : null,
      teamId: 'teamId' in values.holder ? values.holder.teamId : null,
      memberId: 'memberId' in values.holder ? values.holder.memberId : null,
      dueAt: values.dueAt,
      createdBy: values.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Another request gave it at the same moment: change theirs.
  return upsertExtension(db, values);
}

/** Removes the holder's extension; whether there was one. */
export async function deleteExtension(
  db: Db,
  item: ExtensionItem,
  holder: ExtensionHolderRef,
): Promise<boolean> {
  const rows = await db
    .delete(deadlineExtensions)
    .where(and(itemCondition(item), holderCondition(holder)))
    .returning({ id: deadlineExtensions.id });
  return rows.length > 0;
}

/**
 * An assignment attempt's late mark follows the team's deadline (decision 0030): after an
 * extension changes (one team), or the end or the grace period (every team, `teamId` null), the
 * attempts are marked again against the effective deadline plus the grace period.
 */
export async function remarkAssignmentAttempts(
  db: Db,
  assignmentId: string,
  teamId: string | null = null,
) {
  await db.execute(sql`
    update assignment_submissions s
    set is_late = coalesce(s.submitted_at > coalesce(
        (select de.due_at from deadline_extensions de
          where de.assignment_id = a.id and de.team_id = s.team_id), a.end_at)
        + make_interval(mins => a.grace_minutes), false)
    from assignments a
    where a.id = s.assignment_id and s.assignment_id = ${assignmentId}
      and (${teamId}::uuid is null or s.team_id = ${teamId}::uuid)`);
}
