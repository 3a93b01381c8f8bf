-- Duplicate to next week copies a note's attachments by reference (issue 26, decision 0028): one
-- stored file may be attached to several notes of its workspace (the original and its copies), at
-- most once to each. Removing an attachment from one note leaves the file to the others; the file
-- goes (and its bytes are queued for removal, 0009) when the last note that holds it lets it go.
ALTER TABLE "note_attachments" DROP CONSTRAINT "note_attachments_file_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "note_attachments_note_file_key" ON "note_attachments" USING btree ("note_id","file_id");--> statement-breakpoint
CREATE INDEX "note_attachments_file_idx" ON "note_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE FUNCTION delete_unshared_note_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM files f
  WHERE f.id IN (SELECT file_id FROM removed_rows)
    AND NOT EXISTS (SELECT 1 FROM note_attachments a WHERE a.file_id = f.id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER note_attachments_delete_files ON note_attachments;--> statement-breakpoint
CREATE TRIGGER note_attachments_delete_files
AFTER DELETE ON note_attachments
REFERENCING OLD TABLE AS removed_rows
FOR EACH STATEMENT EXECUTE FUNCTION delete_unshared_note_files();
