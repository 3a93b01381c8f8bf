-- The course calendar (issue 26, decision 0029): each workspace has the first day of its semester
-- (weeks of lecture notes count from it) and the time zone its dates are shown in, and how many
-- hours before a deadline its reminders go out (0: none). Existing workspaces keep what the app
-- did before: Seoul time, and the Monday of the week they were created in as the semester's start.
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'Asia/Seoul' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "semester_start" date DEFAULT ((date_trunc('week', (now() AT TIME ZONE 'Asia/Seoul')))::date) NOT NULL;--> statement-breakpoint
UPDATE "workspaces" SET "semester_start" = (date_trunc('week', ("created_at" AT TIME ZONE 'Asia/Seoul')))::date;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "reminder_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_time_zone_not_blank" CHECK (length(btrim("workspaces"."time_zone")) > 0);--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_reminder_hours_range" CHECK ("workspaces"."reminder_hours_before" between 0 and 168);
