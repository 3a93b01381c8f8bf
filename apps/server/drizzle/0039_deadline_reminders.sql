-- Deadline reminders (issue 26, decision 0031). A reminder goes to each person who has not handed
-- in, once per person and deadline: a claim row keyed by (item kind, item id, user, due_at) is
-- inserted in the transaction that enqueues the outbox row, so two instances sweeping at the same
-- moment send once, and an extension (a new due_at) claims, and reminds, again.
CREATE TABLE "deadline_reminder_claims" (
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "deadline_reminder_claims_pk" PRIMARY KEY("item_kind","item_id","user_id","due_at"),
	CONSTRAINT "deadline_reminder_claims_kind" CHECK ("item_kind" in ('assignment', 'task'))
);--> statement-breakpoint
ALTER TABLE "deadline_reminder_claims" ADD CONSTRAINT "deadline_reminder_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminder_claims" ADD CONSTRAINT "deadline_reminder_claims_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The daily digest finds the day's reminders of a user by when they were claimed.
CREATE INDEX "deadline_reminder_claims_claimed_idx" ON "deadline_reminder_claims" USING btree ("claimed_at");--> statement-breakpoint

-- The old claims were one per assignment and team (every member of the team was told). Each
-- account of a team already reminded keeps its claim for that deadline, so nobody is reminded
-- twice across the upgrade; then the old table goes (nothing reads it any more).
INSERT INTO "deadline_reminder_claims" ("item_kind", "item_id", "user_id", "due_at", "claimed_at", "workspace_id", "title", "message")
SELECT DISTINCT 'assignment', r."assignment_id", u."id", a."end_at", r."sent_at", a."workspace_id", a."title", ''
FROM "deadline_reminders" r
JOIN "assignments" a ON a."id" = r."assignment_id" AND a."end_at" IS NOT NULL
JOIN "workspace_members" m ON m."team_id" = r."team_id"
JOIN "user" u ON u."email" = lower(btrim(m."email")) AND u."email_verified"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "deadline_reminders";--> statement-breakpoint

-- One digest mail per user and day (UTC) of reminders: the row is the claim (made by one
-- instance), its state the mail's, as the outbox's mails: pending -> sending -> sent, or failed.
CREATE TABLE "reminder_digests" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"mail_state" text DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_digests_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "reminder_digests_mail_state" CHECK ("mail_state" in ('pending', 'sending', 'sent', 'failed'))
);--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_digests_pending_idx" ON "reminder_digests" USING btree ("day") WHERE "mail_state" = 'pending';--> statement-breakpoint

-- The mail choice for reminders: at once, a daily digest, or none. Whoever chose e-mails until now
-- gets them at once, as before.
ALTER TABLE "user_preferences" ADD COLUMN "reminder_mail" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "user_preferences" SET "reminder_mail" = 'immediate' WHERE "email_notifications";--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_reminder_mail" CHECK ("reminder_mail" in ('immediate', 'digest', 'none'));--> statement-breakpoint

-- A reminder's notification keeps the deadline it is about, so the page can show it in the
-- reader's language and time zone (the title and message are stored in English).
ALTER TABLE "notifications" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint

-- The sweep reads only the deadlines within the longest lead (168 h) through these.
CREATE INDEX "assignments_end_at_idx" ON "assignments" USING btree ("end_at") WHERE "end_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lecture_notes_task_deadline_idx" ON "lecture_notes" USING btree ("task_deadline") WHERE "is_published" AND "has_task" AND "task_deadline" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deadline_extensions_due_at_idx" ON "deadline_extensions" USING btree ("due_at");
