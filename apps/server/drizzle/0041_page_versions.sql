-- A kept workspace page is checked against version numbers, not against the values it was rendered
-- from (issue 22, decision 0035): what one visitor's page shows of their own account (GET /api/me,
-- the bell's counts, their preferences) is numbered by user_page_versions, bumped by triggers in the
-- same transaction as every change to the user row, their sign-in accounts, their preferences and
-- their notifications; what it shows of the workspace is numbered by workspaces.detail_version,
-- now also bumped when the workspace row itself changes (its title, visibility, calendar...).
-- Triggers, not application code, so no write path can forget one.

CREATE TABLE "user_page_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_page_versions" ADD CONSTRAINT "user_page_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Bumps the version of each user in changed_rows (a statement's transition table), in user id
-- order so that two statements bumping the same users lock their rows in the same order. A user
-- deleted in this transaction is skipped: their rows go with them (and the foreign key would
-- refuse the insert).
CREATE FUNCTION bump_user_page_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_page_versions AS v (user_id, version)
  SELECT u.id, 1 FROM "user" u
  WHERE u.id IN (SELECT c.user_id FROM changed_rows c)
  ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint

-- The same for the "user" table itself, whose key is `id`.
CREATE FUNCTION bump_own_page_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_page_versions AS v (user_id, version)
  SELECT c.id, 1 FROM changed_rows c
  ORDER BY c.id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER user_update_bumps_page_version AFTER UPDATE ON "user"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_own_page_versions();--> statement-breakpoint

DO $$
DECLARE
  tbl text;
  op text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['account', 'user_preferences', 'notifications'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows '
          'FOR EACH STATEMENT EXECUTE FUNCTION bump_user_page_versions()',
        tbl || '_' || op || '_bumps_page_version',
        upper(op),
        tbl,
        CASE op WHEN 'delete' THEN 'OLD' ELSE 'NEW' END
      );
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint

-- An update that moves a row to another user (none does today) changes both users' pages.
CREATE TRIGGER account_update_old_bumps_page_version AFTER UPDATE ON account
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_page_versions();--> statement-breakpoint
CREATE TRIGGER notifications_update_old_bumps_page_version AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_page_versions();--> statement-breakpoint

-- The workspace row's own columns (title, slug, visibility, group size, owner, calendar) are on
-- the page too: a change to any of them bumps detail_version, as a roster change does (0006). The
-- versions themselves and updated_at do not (content_version moves with every section change).
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
