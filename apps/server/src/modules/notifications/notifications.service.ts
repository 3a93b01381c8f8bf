import { randomUUID } from 'node:crypto';
import { notificationText, STORAGE_RED_ABOVE_PERCENT, usagePercent } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/database.ts';
import {
  insertAnnouncement,
  type NewNotification,
  workspaceAccounts,
} from './notifications.repository.ts';
import { enqueueNotifications, type NotificationOutbox } from './notifications.outbox.ts';
import { rowsOf } from '../../db/rows.ts';

/** The workspace's accounts (owner and verified roster e-mails), without `except`. */
async function workspaceUsers(db: Db, workspaceId: string, except: string | null) {
  const [owner] = rowsOf<{ id: string }>(
    await db.execute(sql`select owner_id as id from workspaces where id = ${workspaceId}`),
  );
  const ids = new Set((await workspaceAccounts(db, workspaceId)).map((account) => account.id));
  if (owner) ids.add(owner.id);
  if (except) ids.delete(except);
  return [...ids];
}

// The producers (issue 13, made transactional by issue 23): each runs inside the transaction of
// the action that causes it (`tx`) and enqueues its notifications in the outbox, so they exist if
// and only if the action committed. The outbox delivers them after commit (decision 0014).

/** A new assignment: every member of the workspace but its creator (spec part 2, section 7). */
export async function notifyAssignmentCreated(
  tx: Db,
  workspaceId: string,
  assignment: { id: string; title: string },
  creatorId: string,
) {
  const users = await workspaceUsers(tx, workspaceId, creatorId);
  await enqueueNotifications(
    tx,
    users.map((userId) => ({
      key: `assignment_created:${assignment.id}:${userId}`,
      userId,
      type: 'assignment_created',
      title: `New assignment: ${assignment.title}`,
      message: 'A new assignment was posted in your workspace.',
      data: {
        workspaceId,
        assignmentId: assignment.id,
        text: notificationText('assignmentCreated', { assignment: assignment.title }),
      },
    })),
  );
}

/** A lecture note published with a task: every member but the one who published it. */
export async function notifyTaskPublished(
  tx: Db,
  workspaceId: string,
  note: { id: string; title: string; taskTitle: string },
  publisherId: string,
) {
  const users = await workspaceUsers(tx, workspaceId, publisherId);
  // A note may be published again after an unpublish: each publish is its own event.
  const publish = randomUUID();
  await enqueueNotifications(
    tx,
    users.map((userId) => ({
      key: `task_published:${note.id}:${publish}:${userId}`,
      userId,
      type: 'assignment_created',
      title: `New task: ${note.taskTitle}`,
      message: `${note.title} has a task to hand in.`,
      data: {
        workspaceId,
        noteId: note.id,
        text: notificationText('taskPublished', { task: note.taskTitle, note: note.title }),
      },
    })),
  );
}

/**
 * Work handed in (an assignment or a task): the workspace's owner. `attemptKey` names the attempt
 * (its work, its team or member, its number). Individual work names the member who handed it in
 * (their roster name, else their account's), not their team (issue 27).
 */
export async function notifySubmitted(
  tx: Db,
  workspaceId: string,
  work: {
    title: string;
    teamId: string;
    assignmentId?: string;
    noteId?: string;
    attemptKey: string;
    isIndividual?: boolean;
  },
  submitterId: string,
) {
  const [row] = rowsOf<{ ownerId: string; number: number; memberName: string | null }>(
    await tx.execute(sql`
      select w.owner_id as "ownerId", t.number,
        case when ${work.isIndividual === true} then coalesce(
          (select m.name from workspace_members m join "user" u on u.id = ${submitterId}
            where m.workspace_id = w.id and lower(btrim(m.email)) = u.email limit 1),
          (select u.name from "user" u where u.id = ${submitterId})) end as "memberName"
      from workspaces w
      join teams t on t.workspace_id = w.id
      where w.id = ${workspaceId} and t.id = ${work.teamId}`),
  );
  if (!row || row.ownerId === submitterId) return;
  const teamName = `Team ${row.number}`;
  const who = row.memberName ? `${row.memberName} (${teamName})` : teamName;
  await enqueueNotifications(tx, [
    {
      key: `submitted:${work.attemptKey}`,
      userId: row.ownerId,
      type: 'assignment_submitted',
      title: `${row.memberName || teamName} submitted ${work.title}`,
      message: `${who} handed in work for ${work.title}.`,
      data: {
        workspaceId,
        assignmentId: work.assignmentId ?? null,
        noteId: work.noteId ?? null,
        teamName,
        text: row.memberName
          ? notificationText('memberSubmitted', {
              member: row.memberName,
              team: String(row.number),
              work: work.title,
            })
          : notificationText('teamSubmitted', { team: String(row.number), work: work.title }),
      },
    },
  ]);
}

/**
 * Storage crossing 80% of the quota with an upload: storage_warning (spec part 1, section 9),
 * inside the upload's transaction.
 */
export async function notifyStorageChanged(
  tx: Db,
  userId: string,
  beforeBytes: number,
  afterBytes: number,
  quotaBytes: number,
) {
  const before = usagePercent(beforeBytes, quotaBytes);
  const after = usagePercent(afterBytes, quotaBytes);
  if (!(before <= STORAGE_RED_ABOVE_PERCENT && after > STORAGE_RED_ABOVE_PERCENT)) return;
  await enqueueNotifications(tx, [
    {
      key: `storage_warning:${userId}:${randomUUID()}`,
      userId,
      type: 'storage_warning',
      title: 'Storage usage is high',
      message: `Your files take ${Math.round(after)}% of your storage.`,
      data: { text: notificationText('storageHigh', { percent: String(Math.round(after)) }) },
    },
  ]);
}

/**
 * Notifications that are not one action's: roster joins (claimed by a key and enqueued in the
 * claim's transaction), direct sends and system announcements. Deadline reminders are their own
 * module (modules/deadline-reminders, decision 0031).
 */
export class Notifier {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #outbox: NotificationOutbox;

  constructor(deps: { db: Db; log: FastifyBaseLogger; outbox: NotificationOutbox }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#outbox = deps.outbox;
  }

  /**
   * Enqueues each notification in a transaction of its own and delivers them now; returns how
   * many were new (a duplicate within five minutes is not).
   */
  async send(list: readonly NewNotification[]): Promise<number> {
    const keys = list.map((item, index) => `direct:${randomUUID()}:${index}:${item.userId}`);
    await this.#db.transaction((tx) =>
      enqueueNotifications(
        tx,
        list.map((item, index) => ({ ...item, key: keys[index]! })),
      ),
    );
    await this.#outbox.flush();
    if (keys.length === 0) return 0;
    const [row] = rowsOf<{ written: number }>(
      await this.#db.execute(sql`
        select count(*)::int as written from notifications
        where dedupe_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`),
    );
    return row?.written ?? 0;
  }

  async #safely(what: string, run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      this.#log.error({ err: error }, `notifying ${what} failed`);
    }
  }

  /**
   * An account whose verified e-mail is on rosters: it is told it joined (workspace_invited) and
   * each workspace's owner is told (team_member_joined), once per workspace (a primary key claimed
   * in the transaction that enqueues them), so later account changes say nothing again.
   */
  accountVerified(account: { id: string; email: string; name: string }) {
    return this.#safely('a verified account', async () => {
      await this.#db.transaction(async (tx) => {
        const joined = await tx.execute(sql`
          insert into roster_joins (workspace_id, user_id)
          select distinct m.workspace_id, ${account.id} from workspace_members m
          join workspaces w on w.id = m.workspace_id
          where lower(btrim(m.email)) = ${account.email.trim().toLowerCase()} and w.owner_id <> ${account.id}
          on conflict do nothing
          returning workspace_id as "workspaceId"`);
        for (const { workspaceId } of rowsOf<{ workspaceId: string }>(joined)) {
          const [workspace] = rowsOf<{ title: string; ownerId: string }>(
            await tx.execute(
              sql`select title, owner_id as "ownerId" from workspaces where id = ${workspaceId}`,
            ),
          );
          if (!workspace) continue;
          await enqueueNotifications(tx, [
            {
              key: `workspace_invited:${workspaceId}:${account.id}`,
              userId: account.id,
              type: 'workspace_invited',
              title: `You are in ${workspace.title}`,
              message: `Your e-mail is on the roster of ${workspace.title}.`,
              data: {
                workspaceId,
                text: notificationText('rosterJoined', { workspace: workspace.title }),
              },
            },
            {
              key: `team_member_joined:${workspaceId}:${account.id}`,
              userId: workspace.ownerId,
              type: 'team_member_joined',
              title: `${account.name} joined ${workspace.title}`,
              message: `${account.name} (${account.email}) now has an account.`,
              data: {
                workspaceId,
                text: notificationText('rosterMemberJoined', {
                  name: account.name,
                  email: account.email,
                  workspace: workspace.title,
                }),
              },
            },
          ]);
        }
      });
    });
  }

  /** A system announcement (administrators, POST /api/admin/announcements) to every verified account. */
  announce(title: string, message: string): Promise<number> {
    return insertAnnouncement(this.#db, title, message);
  }
}
