-- A kept workspace page is checked against version numbers, not against the values it was rendered
-- from (issue 22, decision 0035): what one visitor's page shows of their own account (GET /api/me,
-- the bell's counts, their preferences) is numbered by user_page_versions, bumped by triggers in the
-- same transaction as every change to the user row, whether their sign-in accounts give a password,
-- their preferences, and their notifications' number and read state; what it shows of the
-- workspace is numbered by workspaces.detail_version, now also bumped when the workspace row itself
-- changes (its title, visibility, calendar...). Triggers, not application code, so no write path can
-- forget one.

CREATE TABLE "user_page_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_page_versions" ADD CONSTRAINT "user_page_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_page_versions" ("user_id") SELECT "id" FROM "user";--> statement-breakpoint

-- Every user has their row from the start, so a bump is a plain update (no insert, no foreign-key
-- check on the user row; a user deleted meanwhile simply has no row left to update).
CREATE FUNCTION add_user_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_page_versions (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_insert_adds_page_version AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION add_user_page_version();--> statement-breakpoint

-- Bumps each of `users` once, locking their rows in user id order (within one statement).
CREATE FUNCTION bump_user_page_versions(users text[]) RETURNS void LANGUAGE sql AS $$
  WITH locked AS (
    SELECT v.user_id FROM user_page_versions v
    WHERE v.user_id = ANY (users)
    ORDER BY v.user_id
    FOR UPDATE
  )
  UPDATE user_page_versions v SET version = v.version + 1
  FROM locked WHERE v.user_id = locked.user_id;
$$;--> statement-breakpoint

-- An insert or a delete: every user whose rows came or went.
CREATE FUNCTION bump_page_versions_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_user_page_versions(ARRAY(SELECT DISTINCT c.user_id FROM changed_rows c));
  RETURN NULL;
END $$;--> statement-breakpoint

-- An update of a user row: that user (GET /api/me shows every column but updated_at).
CREATE FUNCTION bump_page_versions_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_user_page_versions(ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'updated_at')));
  RETURN NULL;
END $$;--> statement-breakpoint

-- An update of sign-in accounts: the users whose "has a password" may have changed.
CREATE FUNCTION bump_page_versions_of_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_user_page_versions(ARRAY(
    SELECT DISTINCT u.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.user_id), (n.user_id)) u(user_id)
    WHERE (o.user_id, o.provider_id, o.password IS NULL)
      IS DISTINCT FROM (n.user_id, n.provider_id, n.password IS NULL)));
  RETURN NULL;
END $$;--> statement-breakpoint

-- An update of notifications: the users whose counts may have changed (a row read or unread, or
-- moved to another user); not a workspace's deletion clearing their workspace_id.
CREATE FUNCTION bump_page_versions_of_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_user_page_versions(ARRAY(
    SELECT DISTINCT u.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.user_id), (n.user_id)) u(user_id)
    WHERE (o.user_id, o.is_read) IS DISTINCT FROM (n.user_id, n.is_read)));
  RETURN NULL;
END $$;--> statement-breakpoint

-- An update of preferences: that user (the page shows the sort order; the rest are rare).
CREATE FUNCTION bump_page_versions_of_preferences() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_user_page_versions(ARRAY(SELECT DISTINCT n.user_id FROM new_rows n));
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER user_update_bumps_page_version AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_page_versions_of_users();--> statement-breakpoint
CREATE TRIGGER account_update_bumps_page_version AFTER UPDATE ON account
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_page_versions_of_accounts();--> statement-breakpoint
CREATE TRIGGER notifications_update_bumps_page_version AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_page_versions_of_notifications();--> statement-breakpoint
CREATE TRIGGER user_preferences_update_bumps_page_version AFTER UPDATE ON user_preferences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_page_versions_of_preferences();--> statement-breakpoint

DO $$
DECLARE
  tbl text;
  op text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['account', 'user_preferences', 'notifications'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows '
          'FOR EACH STATEMENT EXECUTE FUNCTION bump_page_versions_of_rows()',
        tbl || '_' || op || '_bumps_page_version',
        upper(op),
        tbl,
        CASE op WHEN 'delete' THEN 'OLD' ELSE 'NEW' END
      );
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint

-- The workspace row's own columns (title, slug, visibility, group size, owner, calendar) are on
-- the page too: a change to any of them bumps detail_version, as a roster change does (0006), and
-- with it the detail and section caches keyed by it. The versions themselves and updated_at do not
-- (content_version moves with every section change). A column added later that changes often must
-- be left out here too. (PostgreSQL refuses NEW in a BEFORE trigger's WHEN once the table has a
-- stored generated column: then compare the columns in the function instead.)
CREATE FUNCTION bump_detail_version_of_own_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.detail_version := OLD.detail_version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE TRIGGER workspaces_update_bumps_detail_version BEFORE UPDATE ON workspaces
  FOR EACH ROW
  WHEN (NEW.detail_version = OLD.detail_version
    AND (to_jsonb(OLD) - 'detail_version' - 'content_version' - 'updated_at')
      IS DISTINCT FROM (to_jsonb(NEW) - 'detail_version' - 'content_version' - 'updated_at'))
  EXECUTE FUNCTION bump_detail_version_of_own_row();
