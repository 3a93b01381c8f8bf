import { AppError, type DeadlineExtension, isUuid } from '@teamshuffle/domain';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import { findAssignment } from '../assignments/assignments.repository.ts';
import { findNote } from '../lecture-notes/lecture-notes.repository.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { workspaceMembers } from '../workspaces/workspaces.table.ts';
import { findTeam } from '../workspaces/workspaces.repository.ts';
import {
  deleteExtension,
  type ExtensionHolderRef,
  type ExtensionItem,
  type ExtensionRow,
  listExtensions,
  remarkAssignmentAttempts,
  upsertExtension,
} from './deadline-extensions.repository.ts';

// Extensions (issue 26, decision 0030): the owner gives a team (team work) or one member (an
// individual note task) a later deadline, changes it, or removes it. The rules: the item has a
// deadline, the extension is later than it, and the holder fits the item (a team for an
// assignment or a team task, a member for an individual task).

export type HolderKind = 'team' | 'member';

/** An extension as the API answers it. */
export function extensionView(row: ExtensionRow): DeadlineExtension {
  return {
    id: row.id,
    itemKind: row.assignmentId !== null ? 'assignment' : 'task',
    itemId: (row.assignmentId ?? row.noteId)!,
    teamId: row.teamId,
    memberId: row.memberId,
    dueAt: row.dueAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The item's own deadline and who its work is by, or the item's not-found error. */
async function itemOf(
  db: Db,
  access: Access,
  item: ExtensionItem,
): Promise<{ deadline: Date | null; holder: HolderKind }> {
  if (item.kind === 'assignment') {
    const row = await findAssignment(db, access.workspace.id, item.id);
    if (!row) throw new AppError('assignment_not_found');
    return { deadline: row.endAt, holder: 'team' };
  }
  const note = await findNote(db, access.workspace.id, item.id);
  if (!note) throw new AppError('lecture_note_not_found');
  if (!note.hasTask) throw new AppError('note_has_no_task');
  return {
    deadline: note.taskDeadline,
    holder: note.assignmentType === 'individual' ? 'member' : 'team',
  };
}

/** The holder of the workspace, or its not-found error; and that it fits the item's work. */
async function holderOf(
  db: Db,
  access: Access,
  kind: HolderKind,
  holderId: string,
  expected: HolderKind,
): Promise<ExtensionHolderRef> {
  if (kind === 'team') {
    if ((await findTeam(db, access.workspace.id, holderId)) === undefined) {
      throw new AppError('team_not_found');
    }
  } else {
    const [member] = isUuid(holderId)
      ? await db
          .select({ id: workspaceMembers.id })
          .from(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.id, holderId),
              eq(workspaceMembers.workspaceId, access.workspace.id),
            ),
          )
      : [];
    if (!member) throw new AppError('roster_member_not_found');
  }
  if (kind !== expected) throw new AppError('extension_wrong_holder');
  return kind === 'team' ? { teamId: holderId } : { memberId: holderId };
}

/** The owner's list of an item's extensions. */
export async function extensionsOf(
  db: Db,
  access: Access,
  item: ExtensionItem,
): Promise<DeadlineExtension[]> {
  await itemOf(db, access, item);
  return (await listExtensions(db, item)).map(extensionView);
}

/**
 * Gives or changes a holder's later deadline (owner). It must be later than the item's own
 * deadline (an earlier one would be a different deadline for one team, not an extension; decision
 * 0030), and the item must have one. An assignment's attempts are marked late again at once.
 */
export async function giveExtension(
  db: Db,
  access: Access,
  user: SessionUser,
  item: ExtensionItem,
  kind: HolderKind,
  holderId: string,
  dueAt: string,
): Promise<DeadlineExtension> {
  const facts = await itemOf(db, access, item);
  const holder = await holderOf(db, access, kind, holderId, facts.holder);
  if (facts.deadline === null) throw new AppError('extension_no_deadline');
  const due = new Date(dueAt);
  if (due.getTime() <= facts.deadline.getTime()) throw new AppError('extension_not_later');
  const row = await db.transaction(async (tx) => {
    const saved = await upsertExtension(tx, {
      workspaceId: access.workspace.id,
      item,
      holder,
      dueAt: due,
      createdBy: user.id,
    });
    if (item.kind === 'assignment' && 'teamId' in holder) {
      await remarkAssignmentAttempts(tx, item.id, holder.teamId);
    }
    return saved;
  });
  return extensionView(row);
}

/** Removes a holder's extension (owner): the item's deadline is theirs again. */
export async function removeExtension(
  db: Db,
  access: Access,
  item: ExtensionItem,
  kind: HolderKind,
  holderId: string,
): Promise<void> {
  const facts = await itemOf(db, access, item);
  const holder = await holderOf(db, access, kind, holderId, facts.holder);
  await db.transaction(async (tx) => {
    if (!(await deleteExtension(tx, item, holder))) throw new AppError('extension_not_found');
    if (item.kind === 'assignment' && 'teamId' in holder) {
      await remarkAssignmentAttempts(tx, item.id, holder.teamId);
    }
  });
}
