/**
 * The server's error messages in English, `{n}` written `{{n}}`. Kept apart so the error helper
 * can read the English template in any language without loading the whole English bundle.
 */
export const apiErrorsEn = {
  network_error: 'Network error. Please check your connection and try again.',
  unexpected_response: 'Request failed with status {{status}}.',
  too_many_requests: 'Too many requests. Please wait a moment and try again.',
  invalid_credentials: 'Invalid email or password.',
  email_in_use: 'This email is already in use. Please sign in or use a different email.',
  invalid_token: 'This link is invalid or has expired. Please request a new one.',
  invalid_code: 'Invalid code. Please try again.',
  code_expired: 'This code has expired. Please request a new one.',
  too_many_attempts: 'Too many attempts. Please request a new code.',
  too_many_sign_in_attempts:
    'Too many failed sign-in attempts for this account. Try again in {{seconds}} seconds, or reset your password.',
  invalid_phone_number: 'Please enter a phone number in international format, e.g. +821012345678.',
  invalid_password: 'Incorrect password.',
  password_required: 'Please enter your password.',
  delete_confirmation_mismatch:
    'Account deletion cancelled. You must type "DELETE" exactly to confirm.',
  account_disabled: 'This account has been disabled.',
  storage_limit_exceeded: 'Storage limit exceeded. You have {{n}}MB remaining.',
  payload_too_large: 'The request is too large.',
  file_too_large: 'File size cannot exceed {{n}}MB',
  file_type_not_allowed: '{{file}}: Only {{types}} files are allowed',
  file_content_mismatch: "{{file}}: the file's content is not a .{{ext}} file",
  file_empty: '{{file}} is empty (0 bytes): choose a file with content',
  file_not_found: 'File not found',
  files_required: 'Please select at least one file',
  files_exceed_max_size: 'Some files exceed the maximum size of {{n}}MB',
  files_invalid_types: 'Some files have invalid types. Allowed types: {{list}}',
  lecture_note_not_found: 'Lecture note not found',
  team_assignment_not_found: 'Team assignment not found',
  submission_not_found: 'No submission found for this team',
  team_leader_only: 'Only team leader can submit',
  not_team_member: 'You are not authorized to submit for this team',
  note_not_published: 'This lecture note is not published yet.',
  task_type_locked:
    "The task's type cannot change, and the task cannot be removed, once something has been submitted.",
  assignment_not_found: 'Assignment not found',
  assignment_not_open: 'This assignment is not open for submissions yet.',
  leader_only_submission: 'Only team leaders can submit assignments.',
  leader_emails_missing:
    "Some team leaders don't have email addresses set. Please configure them in Settings first.",
  bulk_evaluation_failed: 'Failed to evaluate {{n}} teams: {{details}}',
  score_out_of_range: 'Score must be between 0 and 100',
  notification_not_found: 'Notification not found',
  team_not_found: 'Team not found',
  forbidden: 'You do not have permission to do this.',
  workspace_not_found: 'Workspace not found',
  duplicate_member_email:
    '{{email}} is already the e-mail of {{holder}}; {{member}} cannot have it too.',
  submission_graded:
    'This submission has been graded, so it can no longer be deleted. Ask the workspace owner.',
  idempotency_key_invalid:
    "The Idempotency-Key header must be 8 to 128 letters, digits, '-', '_', '.' or ':'.",
  idempotency_key_reused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
  idempotency_request_in_progress:
    'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
  idempotency_answer_lost:
    'This was saved, but the server stopped before it could answer. Reload the page to see it.',
  upload_malformed: 'The upload was cut off or is not valid multipart/form-data. Please try again.',
  body_not_object: 'The request body must be a JSON object.',
  hand_in_closed: 'The deadline has passed: this task is closed to hand-ins',
  extension_no_deadline: 'This has no deadline to extend.',
  extension_not_later: 'An extended deadline must be later than the deadline it extends.',
  extension_wrong_holder: 'Team work is extended for a team, an individual task for one member.',
  extension_not_found: 'There is no extension to remove.',
  note_has_no_task: 'This lecture note has no task to hand in.',
};
