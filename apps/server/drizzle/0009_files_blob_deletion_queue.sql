-- A deleted `files` row queues its bytes for removal in the same transaction, however the row goes
-- (one file, or a workspace or account with everything in it by cascade). The app removes the
-- queued bytes after the commit and at start-up (modules/files/files.service.ts), so a crash at any
-- moment leaves at worst bytes that are still queued, never a row without bytes.
CREATE FUNCTION queue_blob_deletions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blob_deletions (storage_key)
  SELECT storage_key FROM deleted_rows
  ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER files_queue_blob_deletions
AFTER DELETE ON files
REFERENCING OLD TABLE AS deleted_rows
FOR EACH STATEMENT EXECUTE FUNCTION queue_blob_deletions();
