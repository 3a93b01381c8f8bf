-- Late rules and extensions (issue 26, decision 0030). Every assignment and every note's task has a
-- late policy: accept and flag late work (the behaviour until now, the default), accept it with a
-- penalty per day late (a percent, never below a floor percent of the grade given), or close at
-- the deadline; and a grace period in minutes after the deadline. The owner can give a team (team
-- work) or one member (an individual note task) a later deadline: a team's (member's) effective
-- deadline is coalesce(extension.due_at, the item's deadline), and lateness compares the hand-in
-- with the effective deadline plus the grace period.

ALTER TABLE "assignments" ADD COLUMN "late_policy" text DEFAULT 'accept' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_penalty_percent_per_day" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_penalty_floor_percent" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "grace_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_late_policy" CHECK ("late_policy" in ('accept', 'penalty', 'close'));--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_late_penalty" CHECK (("late_policy" = 'penalty') = ("late_penalty_percent_per_day" IS NOT NULL) AND ("late_penalty_percent_per_day" IS NULL OR "late_penalty_percent_per_day" between 1 and 100));--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_late_penalty_floor" CHECK ("late_penalty_floor_percent" IS NULL OR "late_penalty_floor_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_grace_minutes" CHECK ("grace_minutes" between 0 and 1440);--> statement-breakpoint

ALTER TABLE "lecture_notes" ADD COLUMN "late_policy" text DEFAULT 'accept' NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD COLUMN "late_penalty_percent_per_day" integer;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD COLUMN "late_penalty_floor_percent" integer;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD COLUMN "grace_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_late_policy" CHECK ("late_policy" in ('accept', 'penalty', 'close'));--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_late_penalty" CHECK (("late_policy" = 'penalty') = ("late_penalty_percent_per_day" IS NOT NULL) AND ("late_penalty_percent_per_day" IS NULL OR "late_penalty_percent_per_day" between 1 and 100));--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_late_penalty_floor" CHECK ("late_penalty_floor_percent" IS NULL OR "late_penalty_floor_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_grace_minutes" CHECK ("grace_minutes" between 0 and 1440);--> statement-breakpoint

CREATE TABLE "deadline_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"assignment_id" uuid,
	"note_id" uuid,
	"team_id" uuid,
	"member_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- An extension is of one item (an assignment or a note's task) for one team or one member.
	CONSTRAINT "deadline_extensions_one_item" CHECK (("assignment_id" IS NULL) <> ("note_id" IS NULL)),
	CONSTRAINT "deadline_extensions_one_holder" CHECK (("team_id" IS NULL) <> ("member_id" IS NULL)),
	-- An assignment is team work: its extensions are a team's.
	CONSTRAINT "deadline_extensions_assignment_team" CHECK ("assignment_id" IS NULL OR "team_id" IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_note_id_lecture_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."lecture_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deadline_extensions_workspace_idx" ON "deadline_extensions" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_extensions_assignment_team" ON "deadline_extensions" USING btree ("assignment_id","team_id") WHERE "assignment_id" IS NOT NULL AND "team_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_extensions_note_team" ON "deadline_extensions" USING btree ("note_id","team_id") WHERE "note_id" IS NOT NULL AND "team_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_extensions_note_member" ON "deadline_extensions" USING btree ("note_id","member_id") WHERE "note_id" IS NOT NULL AND "member_id" IS NOT NULL;--> statement-breakpoint

-- The sections (assignments, notes), the gradebook and Due soon show a team's own deadline: a
-- change bumps the workspace's content version at commit (migration 0018's deferred trigger).
CREATE CONSTRAINT TRIGGER "deadline_extensions_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "deadline_extensions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version('workspace');
