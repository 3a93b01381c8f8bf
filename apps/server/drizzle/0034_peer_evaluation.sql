-- Peer evaluation (issue 25, decision 0026): the owner opens an evaluation for a window on chosen
-- teams; each member rates themselves and each teammate on CATME's five dimensions (1-5) with an
-- optional comment for the owner; reminders go once per person and evaluation; the owner applies
-- an evaluation's adjustment factor to chosen items' team grades (the gradebook reads
-- peer_factor_applications). Every table bumps workspaces.content_version at commit (migration
-- 0018's deferred trigger), so the gradebook and My grades show a change at once.

CREATE TABLE "peer_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"factor_cap" double precision DEFAULT 1.05 NOT NULL,
	"released_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_evaluations_window" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "peer_evaluations_cap" CHECK ("factor_cap" between 1 and 1.5)
);--> statement-breakpoint
ALTER TABLE "peer_evaluations" ADD CONSTRAINT "peer_evaluations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_evaluations" ADD CONSTRAINT "peer_evaluations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_evaluations_workspace_idx" ON "peer_evaluations" USING btree ("workspace_id","created_at");--> statement-breakpoint

CREATE TABLE "peer_evaluation_teams" (
	"evaluation_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "peer_evaluation_teams_evaluation_id_team_id_pk" PRIMARY KEY("evaluation_id","team_id")
);--> statement-breakpoint
ALTER TABLE "peer_evaluation_teams" ADD CONSTRAINT "peer_evaluation_teams_evaluation_id_peer_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."peer_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_evaluation_teams" ADD CONSTRAINT "peer_evaluation_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

CREATE TABLE "peer_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	-- No foreign key: an answer outlives a removed roster entry (as the roster's log does).
	"rater_member_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "peer_responses" ADD CONSTRAINT "peer_responses_evaluation_id_peer_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."peer_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_responses" ADD CONSTRAINT "peer_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "peer_responses_one_per_rater" ON "peer_responses" USING btree ("evaluation_id","rater_member_id");--> statement-breakpoint

CREATE TABLE "peer_ratings" (
	"response_id" uuid NOT NULL,
	"ratee_member_id" uuid NOT NULL,
	"contributing" smallint NOT NULL,
	"interacting" smallint NOT NULL,
	"keeping_on_track" smallint NOT NULL,
	"expecting_quality" smallint NOT NULL,
	"knowledge" smallint NOT NULL,
	CONSTRAINT "peer_ratings_response_id_ratee_member_id_pk" PRIMARY KEY("response_id","ratee_member_id"),
	CONSTRAINT "peer_ratings_range" CHECK ("contributing" between 1 and 5 and "interacting" between 1 and 5 and "keeping_on_track" between 1 and 5 and "expecting_quality" between 1 and 5 and "knowledge" between 1 and 5)
);--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_response_id_peer_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."peer_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

CREATE TABLE "peer_evaluation_reminders" (
	"evaluation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_evaluation_reminders_evaluation_id_member_id_pk" PRIMARY KEY("evaluation_id","member_id")
);--> statement-breakpoint
ALTER TABLE "peer_evaluation_reminders" ADD CONSTRAINT "peer_evaluation_reminders_evaluation_id_peer_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."peer_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

CREATE TABLE "peer_factor_applications" (
	"workspace_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	-- An assignment's or a lecture note's id (no foreign key: two tables).
	"item_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_factor_applications_workspace_id_item_kind_item_id_pk" PRIMARY KEY("workspace_id","item_kind","item_id"),
	CONSTRAINT "peer_factor_applications_kind" CHECK ("item_kind" in ('assignment', 'team_task'))
);--> statement-breakpoint
ALTER TABLE "peer_factor_applications" ADD CONSTRAINT "peer_factor_applications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_factor_applications" ADD CONSTRAINT "peer_factor_applications_evaluation_id_peer_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."peer_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_factor_applications_evaluation_idx" ON "peer_factor_applications" USING btree ("evaluation_id");--> statement-breakpoint

-- An answer changes the factors the gradebook shows: its evaluation's workspace is bumped.
CREATE FUNCTION peer_responses_bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  SELECT workspace_id INTO target FROM peer_evaluations WHERE id = changed.evaluation_id;
  IF target IS NOT NULL THEN
    UPDATE workspaces SET content_version = content_version + 1 WHERE id = target;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "peer_responses_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "peer_responses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION peer_responses_bump_content_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "peer_evaluations_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "peer_evaluations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version('workspace');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "peer_factor_applications_bumps_content_version" AFTER INSERT OR UPDATE OR DELETE ON "peer_factor_applications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version('workspace');
