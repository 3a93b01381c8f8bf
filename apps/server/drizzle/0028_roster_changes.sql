-- Roster changes in a running workspace (issue 24, decision 0019): the owner adds, removes, moves
-- and renames members. Two tables: the activity log of every roster change, and the membership
-- history (who was in which team, from when until when).

CREATE TABLE "roster_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"workspace_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	-- No foreign key: the entry outlives a removed roster entry (that is what it records).
	"member_id" uuid,
	"member_name" text,
	"before" jsonb,
	"after" jsonb,
	"team_then" jsonb,
	CONSTRAINT "roster_events_kind" CHECK ("kind" in ('member_added', 'member_removed', 'member_moved', 'member_renamed', 'leader_changed', 'member_claimed', 'member_claim_undone'))
);--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_events_workspace_idx" ON "roster_events" USING btree ("workspace_id","id");--> statement-breakpoint

CREATE TABLE "team_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	-- No foreign key: a removed member's periods stay, to say who was in the team then.
	"member_id" uuid NOT NULL,
	"member_name" text NOT NULL,
	"team_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"has_left" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_memberships_left_ended" CHECK (NOT "has_left" OR "ended_at" IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_memberships_team_idx" ON "team_memberships" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "team_memberships_workspace_idx" ON "team_memberships" USING btree ("workspace_id","started_at");--> statement-breakpoint
-- A member is in at most one team at a time: two moves of one member can never leave two open periods.
CREATE UNIQUE INDEX "team_memberships_one_open_per_member" ON "team_memberships" USING btree ("member_id") WHERE "ended_at" IS NULL;--> statement-breakpoint

-- The history starts with today's roster: each member in their team since the workspace began.
INSERT INTO "team_memberships" ("workspace_id", "member_id", "member_name", "team_id", "started_at")
SELECT m.workspace_id, m.id, m.name, m.team_id, w.created_at
FROM "workspace_members" m JOIN "workspaces" w ON w.id = m.workspace_id
WHERE m.team_id IS NOT NULL;--> statement-breakpoint

-- The history follows every write to workspace_members.team_id, whichever module makes it (Create
-- Team, the roster changes, joining): triggers, as migration 0006 does for the detail version, so
-- no write path can forget it. Statement-level with transition tables: a 300-member roster
-- inserted at once is one statement here too.
CREATE FUNCTION team_memberships_follow_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_memberships (workspace_id, member_id, member_name, team_id)
  SELECT n.workspace_id, n.id, n.name, n.team_id FROM new_rows n WHERE n.team_id IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION team_memberships_follow_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_memberships h SET ended_at = now()
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.team_id IS DISTINCT FROM n.team_id AND h.member_id = o.id AND h.ended_at IS NULL;
  INSERT INTO team_memberships (workspace_id, member_id, member_name, team_id)
  SELECT n.workspace_id, n.id, n.name, n.team_id
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.team_id IS DISTINCT FROM n.team_id AND n.team_id IS NOT NULL;
  -- A rename is not a new period: the open one carries the name the member has now.
  UPDATE team_memberships h SET member_name = n.name
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.name IS DISTINCT FROM n.name AND h.member_id = n.id AND h.ended_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION team_memberships_follow_deletes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_memberships h SET ended_at = now(), has_left = true
  FROM old_rows o WHERE h.member_id = o.id AND h.ended_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER workspace_members_insert_follows_teams AFTER INSERT ON workspace_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION team_memberships_follow_inserts();--> statement-breakpoint
CREATE TRIGGER workspace_members_update_follows_teams AFTER UPDATE ON workspace_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION team_memberships_follow_updates();--> statement-breakpoint
CREATE TRIGGER workspace_members_delete_follows_teams AFTER DELETE ON workspace_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION team_memberships_follow_deletes();--> statement-breakpoint

-- A team's leader is one of its members (spec part 2, section 5), now that members move: the
-- leader selector reads the team before it writes, so a move committed in between is caught here
-- (check_violation: the API answers 422 rule_broken) instead of leaving a leader outside the team.
CREATE FUNCTION teams_leader_is_a_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.leader_member_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM workspace_members m WHERE m.id = NEW.leader_member_id AND m.team_id = NEW.id
  ) THEN
    RAISE EXCEPTION 'The new leader must be a member of Team %.', NEW.number
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint

CREATE TRIGGER teams_leader_is_a_member BEFORE INSERT OR UPDATE OF leader_member_id ON teams
  FOR EACH ROW WHEN (NEW.leader_member_id IS NOT NULL)
  EXECUTE FUNCTION teams_leader_is_a_member();--> statement-breakpoint

-- Leader changes go to the activity log, in their own transaction, from whichever path makes them
-- (the leader selector lives in the workspaces module; a move or removal clears a leader too).
-- Only the owner changes leaders, so the owner is the actor. A workspace being deleted logs
-- nothing (its log goes with it).
CREATE FUNCTION roster_events_log_leader_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  old_name text;
  new_name text;
BEGIN
  SELECT w.owner_id INTO owner FROM workspaces w WHERE w.id = NEW.workspace_id;
  IF owner IS NULL THEN RETURN NULL; END IF;
  SELECT m.name INTO old_name FROM workspace_members m WHERE m.id = OLD.leader_member_id;
  SELECT m.name INTO new_name FROM workspace_members m WHERE m.id = NEW.leader_member_id;
  INSERT INTO roster_events (workspace_id, actor_id, kind, member_id, member_name, before, after)
  VALUES (NEW.workspace_id, owner, 'leader_changed',
    coalesce(NEW.leader_member_id, OLD.leader_member_id), coalesce(new_name, old_name),
    jsonb_build_object('teamNumber', OLD.number, 'leaderName', old_name),
    jsonb_build_object('teamNumber', NEW.number, 'leaderName', new_name));
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER teams_leader_change_logged AFTER UPDATE OF leader_member_id ON teams
  FOR EACH ROW WHEN (OLD.leader_member_id IS DISTINCT FROM NEW.leader_member_id)
  EXECUTE FUNCTION roster_events_log_leader_change();
