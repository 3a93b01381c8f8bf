import { aWeekLater, type LectureNoteDuplicate } from '@teamshuffle/domain';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { countAttachments, insertNote } from './lecture-notes.repository.ts';
import { editableNote, presentNote } from './lecture-notes.service.ts';
import { lateRuleOf } from '../deadline-extensions/late-rule.ts';

/**
 * Duplicate to next week (issue 26): a new draft with the note's title, text and task settings,
 * its week one on and its lecture day and deadline seven days on, by the caller. Who may: whoever
 * may change the note (the owner; its author while they may create notes). Submissions are not
 * copied, and neither are attachments: a file belongs to one note (its row's `file_id` is unique,
 * and deleting the attachment deletes the file), so sharing it would let one note's delete take
 * the other's file (decision 0028). The answer says how many were left out.
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
  const copyId = await db.transaction((tx) =>
    insertNote(tx, {
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
    }),
  );
  const [note, attachmentsLeftOut] = await Promise.all([
    presentNote(db, access, user, copyId),
    countAttachments(db, source.id),
  ]);
  return { note, attachmentsLeftOut };
}
