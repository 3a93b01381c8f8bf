import { STORAGE_RED_ABOVE_PERCENT, usagePercent } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/database.ts';
import type { Mailer } from '../../plugins/mail.ts';
import {
  insertAnnouncement,
  insertNotification,
  type NewNotification,
  workspaceAccounts,
} from './notifications.repository.ts';
import { rowsOf } from '../../db/rows.ts';

/** Types whose notifications also go by e-mail to users who chose so (issue 13). */
const MAILED_TYPES = new Set(['assignment_created', 'assignment_deadline_reminder']);

/**
 * Writes notifications as consequences of actions (issue 13). Each producer runs after its action
 * has committed and never fails it: a failure to notify is logged, nothing more. Duplicates of the
 * same user, type and title within five minutes are dropped by the repository.
 */
export class Notifier {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  readonly #quotaBytes: number;

  constructor(deps: {
    db: Db;
    log: FastifyBaseLogger;
    mailer: Mailer;
    publicUrl: string;
    quotaBytes: number;
  }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
    this.#quotaBytes = deps.quotaBytes;
  }

  /** Writes each notification; returns how many were new. Never throws. */
  async send(list: readonly NewNotification[]): Promise<number> {
    let written = 0;
    for (const item of list) {
      try {
        const id = await insertNotification(this.#db, item);
        if (id === null) continue;
        written += 1;
        if (MAILED_TYPES.has(item.type)) await this.#mail(item);
      } catch (error) {
        this.#log.error(
          { err: error, type: item.type, userId: item.userId },
          'a notification was not written',
        );
      }
    }
    return written;
  }

  async #mail(item: NewNotification) {
    const result = await this.#db.execute(sql`
      select u.email, u.name from "user" u
      join user_preferences p on p.user_id = u.id
      where u.id = ${item.userId} and p.email_notifications and u.email_verified`);
    const [to] = rowsOf<{ email: string; name: string }>(result);
    if (!to) return;
    const link = item.data?.workspaceId
      ? `${this.#publicUrl}/workspace/${item.data.workspaceId}`
      : `${this.#publicUrl}/notifications`;
    const text = `Hello ${to.name},\n\n${item.title}\n${item.message}\n\nOpen it: ${link}\n\nYou get these e-mails because you chose so in your Teamshuffle profile.`;
    const escape = (value: string) =>
      value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
    await this.#mailer.send({
      to: to.email,
      subject: item.title,
      text,
      html: `<p>Hello ${escape(to.name)},</p><p><strong>${escape(item.title)}</strong><br>${escape(item.message)}</p><p><a href="${escape(link)}">Open it</a></p><p>You get these e-mails because you chose so in your Teamshuffle profile.</p>`,
    });
  }

  /** The workspace's accounts (owner and verified roster e-mails), without `except`. */
  async #workspaceUsers(workspaceId: string, except: string | null) {
    const [owner] = rowsOf<{ id: string }>(
      await this.#db.execute(sql`select owner_id as id from workspaces where id = ${workspaceId}`),
    );
    const ids = new Set(
      (await workspaceAccounts(this.#db, workspaceId)).map((account) => account.id),
    );
    if (owner) ids.add(owner.id);
    if (except) ids.delete(except);
    return [...ids];
  }

  async #safely(what: string, run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      this.#log.error({ err: error }, `notifying ${what} failed`);
    }
  }

  /** A new assignment: every member of the workspace but its creator (spec part 2, section 7). */
  assignmentCreated(
    workspaceId: string,
    assignment: { id: string; title: string },
    creatorId: string,
  ) {
    return this.#safely('a new assignment', async () => {
      const users = await this.#workspaceUsers(workspaceId, creatorId);
      await this.send(
        users.map((userId) => ({
          userId,
          type: 'assignment_created',
          title: `New assignment: ${assignment.title}`,
          message: 'A new assignment was posted in your workspace.',
          data: { workspaceId, assignmentId: assignment.id },
        })),
      );
    });
  }

  /** A lecture note published with a task: every member but the one who published it. */
  taskPublished(
    workspaceId: string,
    note: { id: string; title: string; taskTitle: string },
    publisherId: string,
  ) {
    return this.#safely('a published task', async () => {
      const users = await this.#workspaceUsers(workspaceId, publisherId);
      await this.send(
        users.map((userId) => ({
          userId,
          type: 'assignment_created',
          title: `New task: ${note.taskTitle}`,
          message: `${note.title} has a task to hand in.`,
          data: { workspaceId, noteId: note.id },
        })),
      );
    });
  }

  /** Work handed in (an assignment or a task): the workspace's owner. */
  submitted(
    workspaceId: string,
    work: { title: string; teamId: string; assignmentId?: string; noteId?: string },
    submitterId: string,
  ) {
    return this.#safely('a submission', async () => {
      const [row] = rowsOf<{
        ownerId: string;
        number: number;
      }>(
        await this.#db.execute(sql`
          select w.owner_id as "ownerId", t.number from workspaces w
          join teams t on t.workspace_id = w.id
          where w.id = ${workspaceId} and t.id = ${work.teamId}`),
      );
      if (!row || row.ownerId === submitterId) return;
      const teamName = `Team ${row.number}`;
      await this.send([
        {
          userId: row.ownerId,
          type: 'assignment_submitted',
          title: `${teamName} submitted ${work.title}`,
          message: `${teamName} handed in work for ${work.title}.`,
          data: {
            workspaceId,
            assignmentId: work.assignmentId ?? null,
            noteId: work.noteId ?? null,
            teamName,
          },
        },
      ]);
    });
  }

  /**
   * Deadlines 24 hours away: the teams that have not submitted. A reminder row per assignment and
   * team is claimed first (a primary key), so with any number of instances looking at once each
   * team is reminded once. Returns how many teams were reminded.
   */
  async remindDeadlines(now = new Date()): Promise<number> {
    let reminded = 0;
    await this.#safely('due deadlines', async () => {
      const due = await this.#db.execute(sql`
        insert into deadline_reminders (assignment_id, team_id)
        select a.id, t.id from assignments a join teams t on t.workspace_id = a.workspace_id
        where a.end_at > ${now.toISOString()}::timestamptz
          and a.end_at <= ${now.toISOString()}::timestamptz + interval '24 hours'
          and not exists (select 1 from assignment_submissions s
            where s.assignment_id = a.id and s.team_id = t.id)
        on conflict do nothing
        returning assignment_id as "assignmentId", team_id as "teamId"`);
      for (const row of rowsOf<{ assignmentId: string; teamId: string }>(due)) {
        const info = rowsOf<{
          title: string;
          workspaceId: string;
          number: number;
        }>(
          await this.#db.execute(sql`
            select a.title, a.workspace_id as "workspaceId", t.number from assignments a, teams t
            where a.id = ${row.assignmentId} and t.id = ${row.teamId}`),
        )[0];
        if (!info) continue;
        const members = (await workspaceAccounts(this.#db, info.workspaceId)).filter(
          (account) => account.teamId === row.teamId,
        );
        await this.send(
          members.map((member) => ({
            userId: member.id,
            type: 'assignment_deadline_reminder',
            title: `Due within 24 hours: ${info.title}`,
            message: `Team ${info.number} has not submitted ${info.title} yet.`,
            data: {
              workspaceId: info.workspaceId,
              assignmentId: row.assignmentId,
              teamName: `Team ${info.number}`,
            },
          })),
        );
        reminded += 1;
      }
    });
    return reminded;
  }

  /**
   * An account whose verified e-mail is on rosters: it is told it joined (workspace_invited) and
   * each workspace's owner is told (team_member_joined), once per workspace (a primary key), so
   * later account changes say nothing again.
   */
  accountVerified(account: { id: string; email: string; name: string }) {
    return this.#safely('a verified account', async () => {
      const joined = await this.#db.execute(sql`
        insert into roster_joins (workspace_id, user_id)
        select distinct m.workspace_id, ${account.id} from workspace_members m
        join workspaces w on w.id = m.workspace_id
        where lower(btrim(m.email)) = ${account.email.trim().toLowerCase()} and w.owner_id <> ${account.id}
        on conflict do nothing
        returning workspace_id as "workspaceId"`);
      for (const { workspaceId } of rowsOf<{ workspaceId: string }>(joined)) {
        const [workspace] = rowsOf<{ title: string; ownerId: string }>(
          await this.#db.execute(
            sql`select title, owner_id as "ownerId" from workspaces where id = ${workspaceId}`,
          ),
        );
        if (!workspace) continue;
        await this.send([
          {
            userId: account.id,
            type: 'workspace_invited',
            title: `You are in ${workspace.title}`,
            message: `Your e-mail is on the roster of ${workspace.title}.`,
            data: { workspaceId },
          },
          {
            userId: workspace.ownerId,
            type: 'team_member_joined',
            title: `${account.name} joined ${workspace.title}`,
            message: `${account.name} (${account.email}) now has an account.`,
            data: { workspaceId },
          },
        ]);
      }
    });
  }

  /** Storage crossing 80% of the quota with an upload: storage_warning (spec part 1, section 9). */
  storageChanged(userId: string, beforeBytes: number, afterBytes: number) {
    const before = usagePercent(beforeBytes, this.#quotaBytes);
    const after = usagePercent(afterBytes, this.#quotaBytes);
    if (!(before <= STORAGE_RED_ABOVE_PERCENT && after > STORAGE_RED_ABOVE_PERCENT)) {
      return Promise.resolve();
    }
    return this.#safely('high storage', () =>
      this.send([
        {
          userId,
          type: 'storage_warning',
          title: 'Storage usage is high',
          message: `Your files take ${Math.round(after)}% of your storage.`,
        },
      ]),
    );
  }

  /** A system announcement (administrators, POST /api/admin/announcements) to every verified account. */
  announce(title: string, message: string): Promise<number> {
    return insertAnnouncement(this.#db, title, message);
  }
}
