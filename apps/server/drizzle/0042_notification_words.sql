-- A notification's words in the reader's language (decision 0041): which words it says and their
-- values, written by the reader's app in its language. Null for rows written before and for
-- announcements (their title and message, as written, are what they say).
ALTER TABLE "notifications" ADD COLUMN "text" jsonb;
