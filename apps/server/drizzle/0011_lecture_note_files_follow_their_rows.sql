-- A file attached to a note, or handed in with a task, belongs to that row: when the row goes
-- (its note, its workspace or its account deleted, by cascade or by hand), its `files` row goes in
-- the same statement, and the `files` trigger (0009) queues the bytes for removal.
CREATE FUNCTION delete_files_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM files WHERE id IN (SELECT file_id FROM removed_rows WHERE file_id IS NOT NULL);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER note_attachments_delete_files
AFTER DELETE ON note_attachments
REFERENCING OLD TABLE AS removed_rows
FOR EACH STATEMENT EXECUTE FUNCTION delete_files_of_rows();--> statement-breakpoint

CREATE TRIGGER task_submission_files_delete_files
AFTER DELETE ON task_submission_files
REFERENCING OLD TABLE AS removed_rows
FOR EACH STATEMENT EXECUTE FUNCTION delete_files_of_rows();
