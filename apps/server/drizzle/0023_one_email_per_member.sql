-- One person, one roster entry (issue 23): an e-mail belongs to at most one member of a
-- workspace, compared trimmed and case-insensitive (as sign-in matches it). Existing duplicates
-- must not stop the migration: in each workspace the e-mail stays with one member and is cleared
-- (set to null) on the others. The one that keeps it is a team's leader if one of them leads a
-- team (the leader's e-mail is what Settings shows and what leader checks use), otherwise the one
-- first on the roster (lowest position). The others can be given their own e-mail again in Manage
-- Team Member Emails.
UPDATE "workspace_members" SET "email" = NULL WHERE "id" IN (
  SELECT ranked.id FROM (
    SELECT m.id, row_number() OVER (
      PARTITION BY m.workspace_id, lower(btrim(m.email))
      ORDER BY (EXISTS (SELECT 1 FROM teams t WHERE t.leader_member_id = m.id)) DESC, m.position, m.id
    ) AS rank
    FROM "workspace_members" m
    WHERE m.email IS NOT NULL
  ) ranked
  WHERE ranked.rank > 1);--> statement-breakpoint
-- Blank e-mails were never stored (blank means none); keep it that way for old rows too.
UPDATE "workspace_members" SET "email" = NULL WHERE btrim("email") = '';--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_email_key" ON "workspace_members" USING btree ("workspace_id",lower(btrim("email")));
