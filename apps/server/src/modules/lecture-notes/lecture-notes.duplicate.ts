import { aWeekLater, type LectureNoteDuplicate } from '@teamshuffle/domain';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { attachmentFileIds, insertAttachments, insertNote } from './lecture-notes.repository.ts';
import { editableNote, presentNote } from './lecture-notes.service.ts';
import { lateRuleOf } from '../deadline-extensions/late-rule.ts';

/**
 * Duplicate to next week (issue 26): a new draft with the note's title, text, task settings and
 * attachments, its week one on and its lecture day and deadline seven days on, by the caller. Who
 * may: whoever may change the note (the owner; its author while they may create notes).
 * Submissions are not copied. Attachments are shared by reference (decision 0028, migration
 * 0040): the copy holds the same stored files, charged once to their uploader; removing one from
 * either note leaves it to the other. The answer says how many are shared.
 */
export async function duplicateNote(
  db: Db,
  access: Access,
  user: SessionUser,
  noteId: string,
): Promise<LectureNoteDuplicate> {
  const source = await editableNote(db, access, user, noteId);
  const later = aWeekLater({
    week: source.week,
    date: source.lectureDate,
    deadline: source.taskDeadline?.toISOString() ?? null,
  });
  // In a transaction of its own, like Create, so that a retried request knows it committed
  // (decision 0015).
  let shared: { id: string }[] = [];
  const copyId = await db.transaction(async (tx) => {
    const id = await insertNote(tx, {
      workspaceId: access.workspace.id,
      authorId: user.id,
      title: source.title,
      description: source.description,
      week: later.week,
      lectureDate: later.date,
      isPublished: false,
      hasTask: source.hasTask,
      taskTitle: source.taskTitle,
      taskDescription: source.taskDescription,
      taskDeadline: later.deadline === null ? null : new Date(later.deadline),
      maxFileSizeMb: source.maxFileSizeMb,
      allowedFileTypes: [...source.allowedFileTypes],
      assignmentType: source.assignmentType,
      // The task's late rule carries over (decision 0030); extensions do not (they were given
      // for the original's deadline).
      ...lateRuleOf(source),
    });
    // In the original's order (identity values follow insertion), in the copy's transaction.
    shared = await insertAttachments(tx, id, await attachmentFileIds(tx, source.id));
    return id;
  });
  const note = await presentNote(db, access, user, copyId);
  return { note, attachmentsShared: shared.length };
}
