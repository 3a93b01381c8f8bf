import { sql, type SQL } from 'drizzle-orm';

// Lateness in SQL, as late-rules.ts decides it in code (decision 0030): a hand-in is late when it
// came after its holder's effective deadline, coalesce(extension, the item's deadline), plus the
// item's grace period. The aliases are the callers': `s` a task_submissions row, `ln` its note.

/** The roster entry (workspace_members.id) of a task answer's member: matched by verified e-mail. */
export const TASK_ANSWER_MEMBER = sql`(select wm.id from workspace_members wm
  join "user" u on u.id = s.user_id
  where wm.workspace_id = ln.workspace_id and u.email_verified
    and lower(btrim(wm.email)) = lower(btrim(u.email)) limit 1)`;

/** The later deadline of the answer `s` to the task of note `ln`: its team's or its member's. */
export const TASK_ANSWER_EXTENSION = sql`(select de.due_at from deadline_extensions de
  where de.note_id = ln.id and (
    (s.kind = 'team' and de.team_id = s.team_id)
    or (s.kind = 'individual' and de.member_id = ${TASK_ANSWER_MEMBER}))
  limit 1)`;

/** The effective deadline of the answer `s` to note `ln`'s task (null: no deadline). */
export const TASK_ANSWER_DEADLINE = sql`coalesce(${TASK_ANSWER_EXTENSION}, ln.task_deadline)`;

/** Whether the answer `s` to note `ln`'s task is late (false without a deadline). */
export const TASK_ANSWER_IS_LATE: SQL = sql`coalesce(s.submitted_at > ${TASK_ANSWER_DEADLINE}
  + make_interval(mins => ln.grace_minutes), false)`;
