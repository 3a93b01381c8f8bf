-- Work handed in belongs to the workspace (issue 23, decision 0016). A deleted account no longer
-- takes the files it uploaded into other people's workspaces with it: the row stays, its uploader
-- becomes null ("Deleted account") and no one is charged for it. Files in the account's own
-- workspaces still go with those workspaces (workspaces.owner_id cascades).
ALTER TABLE "files" DROP CONSTRAINT "files_uploader_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "uploader_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- Whether the file counts toward its uploader's quota. A superseded attempt (a newer attempt of
-- the same team exists) is the workspace's record and is charged to no one, so history never
-- locks a student out; the flag only ever goes from true to false.
ALTER TABLE "files" ADD COLUMN "is_charged" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "files" SET "is_charged" = false WHERE "id" IN (
  SELECT sf.file_id FROM assignment_submission_files sf
  JOIN assignment_submissions s ON s.id = sf.submission_id
  WHERE sf.file_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM assignment_submissions n
    WHERE n.assignment_id = s.assignment_id AND n.team_id = s.team_id AND n.attempt > s.attempt));--> statement-breakpoint

-- An individual answer outlives its member's account too (shown as "Deleted account").
ALTER TABLE "task_submissions" DROP CONSTRAINT "task_submissions_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" DROP CONSTRAINT "task_submissions_individual_user";--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_individual_user" CHECK ("task_submissions"."kind" = 'individual' or "task_submissions"."user_id" is null);--> statement-breakpoint

-- A deleted attempt stays in the history as deleted (when, by whom); its bytes and grade go.
ALTER TABLE "task_submissions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_deleted_not_current" CHECK (not ("task_submissions"."is_current" and "task_submissions"."deleted_at" is not null));--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
