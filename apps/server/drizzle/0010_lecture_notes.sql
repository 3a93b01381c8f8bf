CREATE TABLE "lecture_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"author_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"week" integer NOT NULL,
	"lecture_date" date,
	"is_published" boolean DEFAULT false NOT NULL,
	"has_task" boolean DEFAULT false NOT NULL,
	"task_title" text,
	"task_description" text DEFAULT '' NOT NULL,
	"task_deadline" timestamp with time zone,
	"max_file_size_mb" integer DEFAULT 5 NOT NULL,
	"allowed_file_types" text[] NOT NULL,
	"assignment_type" text DEFAULT 'team' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_notes_week_range" CHECK ("lecture_notes"."week" between 1 and 20),
	CONSTRAINT "lecture_notes_max_file_size_range" CHECK ("lecture_notes"."max_file_size_mb" between 1 and 100),
	CONSTRAINT "lecture_notes_title_not_blank" CHECK (length(btrim("lecture_notes"."title")) > 0),
	CONSTRAINT "lecture_notes_assignment_type" CHECK ("lecture_notes"."assignment_type" in ('team', 'individual')),
	CONSTRAINT "lecture_notes_task_title" CHECK (not "lecture_notes"."has_task" or length(btrim(coalesce("lecture_notes"."task_title", ''))) > 0),
	CONSTRAINT "lecture_notes_allowed_types" CHECK ("lecture_notes"."allowed_file_types" <@ array['pdf','doc','docx','txt','jpg','jpeg','png','gif','ppt','pptx']::text[])
);
--> statement-breakpoint
CREATE TABLE "note_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "note_attachments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_attachments_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "task_submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"file_id" uuid,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "task_submission_files_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "task_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" text,
	"submitted_by" text,
	"description" text DEFAULT '' NOT NULL,
	"attempt" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_submissions_kind" CHECK ("task_submissions"."kind" in ('team', 'individual')),
	CONSTRAINT "task_submissions_individual_user" CHECK (("task_submissions"."kind" = 'individual') = ("task_submissions"."user_id" is not null)),
	CONSTRAINT "task_submissions_attempt_positive" CHECK ("task_submissions"."attempt" >= 1)
);
--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_attachments" ADD CONSTRAINT "note_attachments_note_id_lecture_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."lecture_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_attachments" ADD CONSTRAINT "note_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submission_files" ADD CONSTRAINT "task_submission_files_submission_id_task_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."task_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submission_files" ADD CONSTRAINT "task_submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_note_id_lecture_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."lecture_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_notes_workspace_idx" ON "lecture_notes" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "note_attachments_note_idx" ON "note_attachments" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "task_submission_files_submission_idx" ON "task_submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "task_submissions_note_idx" ON "task_submissions" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_submissions_one_current_per_team" ON "task_submissions" USING btree ("note_id","team_id") WHERE "task_submissions"."is_current" and "task_submissions"."kind" = 'team';--> statement-breakpoint
CREATE UNIQUE INDEX "task_submissions_one_current_per_user" ON "task_submissions" USING btree ("note_id","user_id") WHERE "task_submissions"."is_current" and "task_submissions"."kind" = 'individual';