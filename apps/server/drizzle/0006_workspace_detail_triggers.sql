-- workspaces.detail_version changes in the same transaction as every change to what a workspace's
-- detail page shows from its other tables, so a cached detail can be checked against a number.
-- Triggers, not application code, so no write path can forget it. Statement-level with
-- transition tables: inserting a 300-member roster bumps the workspace once, not 300 times.
-- The bump locks the workspace row until commit: write paths lock it first (FOR NO KEY UPDATE)
-- so that two writers never hold a child row each and wait for the workspace row.

CREATE FUNCTION bump_detail_version_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workspaces SET detail_version = detail_version + 1
  WHERE id IN (SELECT workspace_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION bump_detail_version_of_locked_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workspaces SET detail_version = detail_version + 1
  WHERE id IN (
    SELECT l.workspace_id FROM workspace_locked_teams l
    WHERE l.id IN (SELECT locked_team_id FROM changed_rows)
  );
  RETURN NULL;
END $$;--> statement-breakpoint

DO $$
DECLARE
  target record;
  op text;
BEGIN
  FOR target IN SELECT * FROM (VALUES
    ('teams', 'bump_detail_version_of_rows'),
    ('workspace_members', 'bump_detail_version_of_rows'),
    ('workspace_fixed_pairs', 'bump_detail_version_of_rows'),
    ('workspace_keep_apart_pairs', 'bump_detail_version_of_rows'),
    ('workspace_locked_teams', 'bump_detail_version_of_rows'),
    ('workspace_locked_team_members', 'bump_detail_version_of_locked_rows')
  ) AS t(tbl, fn) LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows '
          'FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        target.tbl || '_' || op || '_bumps_detail_version',
        upper(op),
        target.tbl,
        CASE op WHEN 'delete' THEN 'OLD' ELSE 'NEW' END,
        target.fn
      );
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint

-- The roster shows, for each e-mail, whether a verified account has it and that account's photo.
-- A change to a verified account's e-mail, verification or photo bumps one global counter rather
-- than the workspaces listing the address: finding those would read workspace_members under the
-- trigger's snapshot, and a roster change committing meanwhile would be missed (its workspace's
-- cached page would then lack the account's change until the workspace next changed). Account
-- changes of this kind are rare next to reads; each one makes every cached page load again once.

INSERT INTO account_detail_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint

CREATE FUNCTION bump_account_detail_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_detail_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER user_insert_bumps_detail_version AFTER INSERT ON "user"
  FOR EACH ROW WHEN (NEW.email_verified)
  EXECUTE FUNCTION bump_account_detail_version();--> statement-breakpoint

CREATE TRIGGER user_update_bumps_detail_version AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN ((OLD.email_verified OR NEW.email_verified)
    AND (OLD.email IS DISTINCT FROM NEW.email
      OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
      OR OLD.image IS DISTINCT FROM NEW.image))
  EXECUTE FUNCTION bump_account_detail_version();--> statement-breakpoint

CREATE TRIGGER user_delete_bumps_detail_version AFTER DELETE ON "user"
  FOR EACH ROW WHEN (OLD.email_verified)
  EXECUTE FUNCTION bump_account_detail_version();
