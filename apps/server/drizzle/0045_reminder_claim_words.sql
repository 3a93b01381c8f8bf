-- A claimed deadline reminder keeps its words as a key and values beside its English title and
-- message (decision 0041): the daily digest writes them in its recipient's language. Null for
-- claims made before (the digest then says their stored English).
ALTER TABLE "deadline_reminder_claims" ADD COLUMN "text" jsonb;
