-- The language an account last used the app in (decision 0041): its notification mails are
-- written in it. Recorded at each sign-in (the request's language) and when the app's language is
-- changed while signed in; null until then (mails in English, as before).
ALTER TABLE "user_preferences" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_language" CHECK ("language" is null or "language" in ('en', 'ko'));
