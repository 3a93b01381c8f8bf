CREATE TABLE "assignment_submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"file_id" uuid,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "assignment_submission_files_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"submitted_by" text,
	"notes" text DEFAULT '' NOT NULL,
	"attempt" integer NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_submissions_attempt" UNIQUE("assignment_id","team_id","attempt"),
	CONSTRAINT "assignment_submissions_attempt_positive" CHECK ("assignment_submissions"."attempt" >= 1),
	CONSTRAINT "assignment_submissions_notes_length" CHECK (char_length("assignment_submissions"."notes") <= 500)
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" text,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assignments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"max_file_size_mb" integer DEFAULT 5 NOT NULL,
	"allowed_file_types" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_title_not_blank" CHECK (length(btrim("assignments"."title")) > 0),
	CONSTRAINT "assignments_max_file_size_range" CHECK ("assignments"."max_file_size_mb" between 1 and 100),
	CONSTRAINT "assignments_allowed_types" CHECK (cardinality("assignments"."allowed_file_types") > 0 and "assignments"."allowed_file_types" <@ array['pdf','doc','docx','ppt','pptx','txt','jpg','jpeg','png','zip']::text[]),
	CONSTRAINT "assignments_window_in_order" CHECK ("assignments"."start_at" is null or "assignments"."end_at" is null or "assignments"."start_at" <= "assignments"."end_at")
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"submission_id" uuid,
	"score" numeric(5, 2) NOT NULL,
	"raw_score" numeric(7, 2) NOT NULL,
	"max_score" integer NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"evaluated_by" text,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_one_per_attempt" UNIQUE NULLS NOT DISTINCT("assignment_id","team_id","submission_id"),
	CONSTRAINT "evaluations_score_range" CHECK ("evaluations"."score" between 0 and 100),
	CONSTRAINT "evaluations_max_score_range" CHECK ("evaluations"."max_score" between 1 and 1000),
	CONSTRAINT "evaluations_raw_score_range" CHECK ("evaluations"."raw_score" between 0 and "evaluations"."max_score")
);
--> statement-breakpoint
ALTER TABLE "assignment_submission_files" ADD CONSTRAINT "assignment_submission_files_submission_id_assignment_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submission_files" ADD CONSTRAINT "assignment_submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_submission_id_assignment_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_evaluated_by_user_id_fk" FOREIGN KEY ("evaluated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_submission_files_submission_idx" ON "assignment_submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "assignments_workspace_idx" ON "assignments" USING btree ("workspace_id");