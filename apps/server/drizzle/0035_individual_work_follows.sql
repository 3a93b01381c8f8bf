-- Individual work follows the person (issue 24, decision 0019, rule 2) whichever way the person
-- arrives in a team. The roster's Move re-pointed the answers itself; every other path that puts
-- an e-mail or a team on a roster entry did not: the owner removing a member and adding them again
-- in another team, a claim made through the join link undone and the right name claimed, an
-- e-mail moved to another entry in Manage Emails or Team Leaders. The re-added student then did
-- not see their own answers (they stayed under the old team, which they no longer read). A trigger,
-- as 0006 and 0028 do, so no write path can forget it: when a statement gives a roster entry an
-- e-mail or a team, every individual answer (`task_submissions` of kind `individual`, every
-- attempt) handed in at that workspace's notes by the verified account with that e-mail goes to
-- the entry's team, in the same transaction. Team answers never move. The content-version trigger
-- (0018) refreshes the cached sections at commit; the detail version was bumped by the roster
-- write itself. Accounts store their e-mail lower-case and trimmed (the auth bridge normalises it),
-- so the account is found by its unique e-mail index, as the invitations do.

CREATE FUNCTION individual_work_follows_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_submissions s SET team_id = arrived.team_id
  FROM (
    SELECT n.workspace_id, n.team_id, u.id AS user_id
    FROM new_rows n
    JOIN "user" u ON u.email = lower(btrim(n.email)) AND u.email_verified
    WHERE n.team_id IS NOT NULL
  ) arrived
  JOIN lecture_notes ln ON ln.workspace_id = arrived.workspace_id
  WHERE s.note_id = ln.id AND s.kind = 'individual' AND s.user_id = arrived.user_id
    AND s.team_id <> arrived.team_id;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Only entries whose e-mail or team changed: a rename or a new position moves nothing.
CREATE FUNCTION individual_work_follows_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_submissions s SET team_id = arrived.team_id
  FROM (
    SELECT n.workspace_id, n.team_id, u.id AS user_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN "user" u ON u.email = lower(btrim(n.email)) AND u.email_verified
    WHERE n.team_id IS NOT NULL
      AND (o.email IS DISTINCT FROM n.email OR o.team_id IS DISTINCT FROM n.team_id)
  ) arrived
  JOIN lecture_notes ln ON ln.workspace_id = arrived.workspace_id
  WHERE s.note_id = ln.id AND s.kind = 'individual' AND s.user_id = arrived.user_id
    AND s.team_id <> arrived.team_id;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER workspace_members_insert_brings_individual_work AFTER INSERT ON workspace_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION individual_work_follows_inserts();--> statement-breakpoint
CREATE TRIGGER workspace_members_update_brings_individual_work AFTER UPDATE ON workspace_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION individual_work_follows_updates();
