-- A file handed in with an assignment belongs to its row: when the row goes (its attempt, its
-- assignment, its workspace or its account deleted), its `files` row goes in the same statement,
-- and the `files` trigger (0009) queues the bytes. The function is 0011's.
CREATE TRIGGER assignment_submission_files_delete_files
AFTER DELETE ON assignment_submission_files
REFERENCING OLD TABLE AS removed_rows
FOR EACH STATEMENT EXECUTE FUNCTION delete_files_of_rows();
