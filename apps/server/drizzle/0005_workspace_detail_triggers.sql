-- workspaces.detail_version changes in the same transaction as every change to what a workspace's
-- detail page shows from other tables, so a cached detail can be checked against one number.
-- Triggers, not application code, so no write path can forget it. Statement-level with
-- transition tables: inserting a 300-member roster bumps the workspace once, not 300 times.

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

-- The roster shows, for each e-mail, whether a verified account has it and that account's photo:
-- a change to an account's e-mail, verification or photo bumps the workspaces listing either its
-- old or its new e-mail.
CREATE FUNCTION bump_detail_version_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workspaces SET detail_version = detail_version + 1
  WHERE id IN (
    SELECT m.workspace_id FROM workspace_members m
    WHERE lower(btrim(m.email)) IN (lower(btrim(OLD.email)), lower(btrim(NEW.email)))
  );
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER user_insert_bumps_detail_version AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION bump_detail_version_of_account();--> statement-breakpoint

CREATE TRIGGER user_update_bumps_detail_version AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.image IS DISTINCT FROM NEW.image)
  EXECUTE FUNCTION bump_detail_version_of_account();--> statement-breakpoint

CREATE TRIGGER user_delete_bumps_detail_version AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION bump_detail_version_of_account();
