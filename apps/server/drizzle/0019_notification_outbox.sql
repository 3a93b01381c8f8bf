-- The notification outbox (issue 23, decision 0014): an action writes the notifications it causes
-- as rows here, in its own transaction; a delivery loop on any instance turns each committed row
-- into a notification (and its mail and live event). A row's dedupe key is also the unique key of
-- the notification it becomes, so a row delivered twice writes one notification; the mail's state
-- is kept on the row, so it is sent once.
CREATE TABLE "notification_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"notification_id" uuid,
	"mail_state" text,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notification_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "notification_outbox_mail_state" CHECK ("notification_outbox"."mail_state" is null or "notification_outbox"."mail_state" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_outbox_lease" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"holder" text,
	"expires_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	CONSTRAINT "notification_outbox_lease_one_row" CHECK ("notification_outbox_lease"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "notification_outbox_lease" ("id") VALUES (1);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_undelivered_idx" ON "notification_outbox" USING btree ("id") WHERE "notification_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "notification_outbox_mail_pending_idx" ON "notification_outbox" USING btree ("id") WHERE "notification_outbox"."mail_state" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_outbox_delivered_idx" ON "notification_outbox" USING btree ("delivered_at") WHERE "notification_outbox"."delivered_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key_idx" ON "notifications" USING btree ("dedupe_key");
