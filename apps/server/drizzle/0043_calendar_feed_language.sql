-- The calendar feed's words in its owner's language (decision 0041): the language the app showed
-- when the address was made. Feeds made before are English, as they were.
ALTER TABLE "calendar_feeds" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_language" CHECK ("language" in ('en', 'ko'));
