ALTER TABLE "workspaces" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "evaluations_submission_idx" ON "evaluations" USING btree ("submission_id");--> statement-breakpoint
-- workspaces.content_version changes with every change to what the course sections show (lecture
-- notes, task submissions and grades, assignments, attempts and grades), so the section caches can
-- be checked against a number (issue 22, decision 0013). The triggers are deferred to the commit:
-- the workspace row is locked last, when the transaction has nothing left to wait for, so content
-- writes need no workspace lock up front and cannot deadlock on it. A child whose parent is gone
-- at commit (a cascading delete) bumps nothing: the parent's own row bumped it.

CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_ARGV[0] = 'workspace' THEN
    target := changed.workspace_id;
  ELSIF TG_ARGV[0] = 'note' THEN
    SELECT workspace_id INTO target FROM lecture_notes WHERE id = changed.note_id;
  ELSIF TG_ARGV[0] = 'task_submission' THEN
    SELECT ln.workspace_id INTO target FROM task_submissions s
      JOIN lecture_notes ln ON ln.id = s.note_id WHERE s.id = changed.submission_id;
  ELSIF TG_ARGV[0] = 'assignment' THEN
    SELECT workspace_id INTO target FROM assignments WHERE id = changed.assignment_id;
  ELSIF TG_ARGV[0] = 'assignment_submission' THEN
    SELECT a.workspace_id INTO target FROM assignment_submissions s
      JOIN assignments a ON a.id = s.assignment_id WHERE s.id = changed.submission_id;
  END IF;
  IF target IS NOT NULL THEN
    UPDATE workspaces SET content_version = content_version + 1 WHERE id = target;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

DO $$
DECLARE
  target record;
BEGIN
  FOR target IN SELECT * FROM (VALUES
    ('lecture_notes', 'workspace'),
    ('note_attachments', 'note'),
    ('task_submissions', 'note'),
    ('task_submission_files', 'task_submission'),
    ('task_evaluations', 'task_submission'),
    ('assignments', 'workspace'),
    ('assignment_submissions', 'assignment'),
    ('assignment_submission_files', 'assignment_submission'),
    ('evaluations', 'assignment')
  ) AS t(tbl, via) LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
        'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version(%L)',
      target.tbl || '_bumps_content_version',
      target.tbl,
      target.via
    );
  END LOOP;
END $$;--> statement-breakpoint

-- The sections show people's names (authors, who submitted, who graded): a verified account's
-- name change now bumps the account counter too (it did for e-mail, verification and photo).
DROP TRIGGER user_update_bumps_detail_version ON "user";--> statement-breakpoint

CREATE TRIGGER user_update_bumps_detail_version AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN ((OLD.email_verified OR NEW.email_verified)
    AND (OLD.email IS DISTINCT FROM NEW.email
      OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
      OR OLD.image IS DISTINCT FROM NEW.image
      OR OLD.name IS DISTINCT FROM NEW.name))
  EXECUTE FUNCTION bump_account_detail_version();
