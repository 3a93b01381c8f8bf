-- The gradebook (issue 25, decision 0024): a member's override of a grade the member would get
-- (a team's grade, or an individual one) with its reason, and the owner's category weights. Both
-- bump workspaces.content_version at commit (migration 0018's deferred trigger), so the
-- gradebook's cache, Team Scores and My grades show a change at once.

CREATE TABLE "grade_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	-- An item of the course: an assignment, a lecture note's task (team or individual), a peer
	-- evaluation. No foreign key (one column names rows of several tables): an override of an
	-- item that is gone is never read (the gradebook reads the items first).
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	-- Percent of the maximum, as every grade; null when the member is excused.
	"score" numeric(5, 2),
	"is_excused" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_overrides_one_per_member_item" UNIQUE("member_id","item_kind","item_id"),
	CONSTRAINT "grade_overrides_item_kind" CHECK ("item_kind" in ('assignment', 'team_task', 'individual_task', 'peer')),
	CONSTRAINT "grade_overrides_score_range" CHECK ("score" between 0 and 100),
	CONSTRAINT "grade_overrides_score_or_excused" CHECK ("is_excused" OR "score" IS NOT NULL),
	CONSTRAINT "grade_overrides_reason_length" CHECK (length(btrim("reason")) between 1 and 500)
);--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_overrides_workspace_idx" ON "grade_overrides" USING btree ("workspace_id");--> statement-breakpoint

CREATE TABLE "gradebook_weights" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"assignments" integer NOT NULL,
	"tasks" integer NOT NULL,
	"peer" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gradebook_weights_range" CHECK ("assignments" between 0 and 100 AND "tasks" between 0 and 100 AND "peer" between 0 and 100),
	CONSTRAINT "gradebook_weights_some" CHECK ("assignments" + "tasks" + "peer" > 0)
);--> statement-breakpoint
ALTER TABLE "gradebook_weights" ADD CONSTRAINT "gradebook_weights_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER "grade_overrides_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "grade_overrides"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version('workspace');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "gradebook_weights_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "gradebook_weights"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version('workspace');
