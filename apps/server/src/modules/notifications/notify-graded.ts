import { randomUUID } from 'node:crypto';
import { notificationText } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../plugins/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { enqueueNotifications } from './notifications.outbox.ts';
import { workspaceAccounts } from './notifications.repository.ts';

/** What was graded: a team's work (every member of the team is told) or one member's own. */
export type GradedWork = {
  workspaceId: string;
  /** The assignment's title, or the note's task title. */
  title: string;
  assignmentId?: string;
  noteId?: string;
} & ({ teamId: string; userId?: undefined } | { userId: string; teamId: string | null });

/**
 * submission_graded (issue 25, decision 0025): inside the grading transaction `tx`, one
 * notification per grading action and recipient: the accounts of the team the work was handed in
 * under for a team's grade, the person for an individual one. `action` names the action (one
 * bulk save is one action: each of its students is told once, whatever rows name them). The
 * grader is never told of their own grade. Mail follows the user's choice (MAILED_TYPES).
 */
export async function notifyGraded(
  tx: Db,
  works: readonly GradedWork[],
  graderId: string,
  action: string = randomUUID(),
) {
  if (works.length === 0) return;
  const workspaceId = works[0]!.workspaceId;
  const accounts = await workspaceAccounts(tx, workspaceId);
  const numbers = new Map(
    rowsOf<{ id: string; number: number }>(
      await tx.execute(sql`select id, number from teams where workspace_id = ${workspaceId}`),
    ).map((team) => [team.id, team.number]),
  );
  const seen = new Set<string>();
  const entries = [];
  for (const work of works) {
    const recipients =
      work.userId !== undefined
        ? [work.userId]
        : accounts.filter((account) => account.teamId === work.teamId).map((a) => a.id);
    const number = work.teamId ? numbers.get(work.teamId) : undefined;
    for (const userId of recipients) {
      const key = `${userId}:${work.assignmentId ?? work.noteId ?? ''}`;
      if (userId === graderId || seen.has(key)) continue;
      seen.add(key);
      entries.push({
        key: `submission_graded:${action}:${key}`,
        userId,
        type: 'submission_graded',
        title: `Graded: ${work.title}`,
        message:
          work.userId !== undefined
            ? `Your work for ${work.title} was graded.`
            : `Team ${number ?? '?'}'s work for ${work.title} was graded.`,
        data: {
          workspaceId,
          assignmentId: work.assignmentId ?? null,
          noteId: work.noteId ?? null,
          teamName: number === undefined ? null : `Team ${number}`,
          // A team whose number is gone has no words: its stored English says 'Team ?'.
          text:
            work.userId !== undefined
              ? notificationText('graded', { work: work.title })
              : number !== undefined
                ? notificationText('teamGraded', { team: String(number), work: work.title })
                : null,
        },
      });
    }
  }
  await enqueueNotifications(tx, entries);
}
