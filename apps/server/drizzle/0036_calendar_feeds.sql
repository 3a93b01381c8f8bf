-- The personal calendar feed (issue 26, decision 0027): one secret address per user, kept as the
-- SHA-256 of its token (hex) only. Regenerating replaces the row's hash, so the old address
-- answers 404 from then on; turning the feed off deletes the row; the account's deletion takes it.
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
