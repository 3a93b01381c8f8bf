import { sql, type SQL } from 'drizzle-orm';

// "Handed in by Ben (now in Team 2)" / "(left the course)" (issue 24, decision 0019): work stays
// with the team it was handed in under, and its history says where its submitter is now and who
// was in the team then. Derived when the section is read, from the roster, the activity log and
// the membership history, so it is right after any roster change; every one of those writes
// bumps the workspace's detail version (migration 0006's triggers on workspace_members, in the
// change's transaction), and an account's e-mail the accounts version: both are in the section
// caches' version, so a cached section never shows where someone was before a move.

/** The columns of one attempt the fragment reads (SQL expressions, e.g. `s.submitted_by`). */
export type SubmitterNowColumns = {
  workspaceId: SQL;
  teamId: SQL;
  submittedBy: SQL;
  submittedAt: SQL;
  /**
   * Whether the attempt is a team's work. An individual answer follows its writer from team to
   * team (decision 0019), so the names in its team when it was handed in say nothing: none given.
   */
  isTeamWork: SQL;
};

/**
 * One attempt's `submitterNow` as JSON (the domain's `submitterNow`), or null. The submitter (an
 * account) is matched to the roster as access matches it: by verified e-mail, trimmed and
 * case-insensitive. On the roster in another team (or none): moved. On no roster entry, but
 * removed from this workspace's roster under that e-mail (the removed entry is gone; the activity
 * log's `member_removed` keeps its e-mail): left. Otherwise (still in the team, an owner, an
 * e-mail later taken off the roster, a deleted account): null. `teamThen` comes from the
 * membership history (migration 0028's triggers).
 */
export function submitterNowJson(columns: SubmitterNowColumns): SQL {
  const { workspaceId, teamId, submittedBy, submittedAt, isTeamWork } = columns;
  // Who was in the attempt's team when it was handed in (the names they had then), by name.
  const teamThen = sql`case when ${isTeamWork} then coalesce((
      select json_agg(h.member_name order by h.member_name, h.member_id)
      from team_memberships h
      where h.team_id = ${teamId} and h.started_at <= ${submittedAt}
        and (h.ended_at is null or h.ended_at > ${submittedAt})), '[]'::json)
    else '[]'::json end`;
  return sql`(
    select case
      when now_.member_id is not null then
        case when now_.team_id is distinct from ${teamId} then json_build_object(
          'state', 'moved', 'teamNumber', now_.team_number, 'teamThen', ${teamThen}) end
      when exists (
        select 1 from roster_events e
        where e.workspace_id = ${workspaceId} and e.kind = 'member_removed'
          and lower(btrim(e.before ->> 'email')) = lower(btrim(u.email)))
        then json_build_object('state', 'left', 'teamThen', ${teamThen})
    end
    from "user" u
    left join lateral (
      select m.id as member_id, m.team_id, t.number as team_number
      from workspace_members m left join teams t on t.id = m.team_id
      where m.workspace_id = ${workspaceId} and lower(btrim(m.email)) = lower(btrim(u.email))
      limit 1
    ) now_ on true
    where u.id = ${submittedBy} and u.email_verified
  )`;
}
