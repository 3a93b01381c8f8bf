import { z } from 'zod';

/** One catalogue entry: stable id, HTTP status and the user-facing message. */
export type ErrorDef = { id: string; status: number; message: string };

/**
 * The error catalogue, keyed by stable snake_case id. Messages use the spec's wording where it
 * has one; `{name}` placeholders are filled by `appError`.
 */
export const errors = {
  // Generic entries, one per status the API uses.
  validation_failed: { id: 'validation_failed', status: 400, message: 'Invalid input.' },
  // spec part 1, section 8: 'No user logged in'
  unauthenticated: { id: 'unauthenticated', status: 401, message: 'No user logged in' },
  forbidden: { id: 'forbidden', status: 403, message: 'You do not have permission to do this.' },
  // spec part 1, section 2: Email Verification Required modal
  email_not_verified: {
    id: 'email_not_verified',
    status: 403,
    message: 'Email verification required. Please verify your email address to continue.',
  },
  not_found: { id: 'not_found', status: 404, message: 'Not found.' },
  route_not_found: { id: 'route_not_found', status: 404, message: 'Route not found.' },
  conflict: {
    id: 'conflict',
    status: 409,
    message: 'This conflicts with existing data. Please reload and try again.',
  },
  payload_too_large: { id: 'payload_too_large', status: 413, message: 'The request is too large.' },
  unsupported_media_type: {
    id: 'unsupported_media_type',
    status: 415,
    message: 'This file type is not supported.',
  },
  rule_broken: {
    id: 'rule_broken',
    status: 422,
    message: 'This request breaks a rule and cannot be completed.',
  },
  too_many_requests: {
    id: 'too_many_requests',
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  // spec part 2, section 8: page message 'An unexpected error occurred'
  internal: { id: 'internal', status: 500, message: 'An unexpected error occurred' },
  service_unavailable: {
    id: 'service_unavailable',
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },

  // Part 1: accounts, teams, results, storage.
  // Accounts (spec part 1, section 8 maps these identity codes; it does not show their wording).
  invalid_credentials: {
    id: 'invalid_credentials',
    status: 401,
    message: 'Invalid email or password.',
  },
  email_in_use: {
    id: 'email_in_use',
    status: 409,
    message: 'This email is already in use. Please sign in or use a different email.',
  },
  password_rules: {
    id: 'password_rules',
    status: 400,
    message: 'The password does not meet the requirements: {rules}.',
  },
  invalid_token: {
    id: 'invalid_token',
    status: 400,
    message: 'This link is invalid or has expired. Please request a new one.',
  },
  invalid_code: { id: 'invalid_code', status: 400, message: 'Invalid code. Please try again.' },
  code_expired: {
    id: 'code_expired',
    status: 400,
    message: 'This code has expired. Please request a new one.',
  },
  too_many_attempts: {
    id: 'too_many_attempts',
    status: 403,
    message: 'Too many attempts. Please request a new code.',
  },
  invalid_phone_number: {
    id: 'invalid_phone_number',
    status: 400,
    message: 'Please enter a phone number in international format, e.g. +821012345678.',
  },
  invalid_password: { id: 'invalid_password', status: 403, message: 'Incorrect password.' },
  // Per-account throttling of password sign-in (docs/decisions/0005-sign-in-throttling.md).
  too_many_sign_in_attempts: {
    id: 'too_many_sign_in_attempts',
    status: 429,
    message:
      'Too many failed sign-in attempts for this account. Try again in {seconds} seconds, or reset your password.',
  },
  account_disabled: {
    id: 'account_disabled',
    status: 403,
    message: 'This account has been disabled.',
  },
  email_already_verified: {
    id: 'email_already_verified',
    status: 400,
    message: 'This email address is already verified.',
  },
  cross_site_refused: {
    id: 'cross_site_refused',
    status: 403,
    message: 'This request came from another site and was refused.',
  },
  // spec part 1, section 5
  passwords_do_not_match: {
    id: 'passwords_do_not_match',
    status: 400,
    message: 'Passwords do not match',
  },
  email_required: {
    id: 'email_required',
    status: 400,
    message: 'Please enter your email address first',
  },
  password_required: {
    id: 'password_required',
    status: 400,
    message: 'Please enter your password.',
  },
  delete_confirmation_mismatch: {
    id: 'delete_confirmation_mismatch',
    status: 400,
    message: 'Account deletion cancelled. You must type "DELETE" exactly to confirm.',
  },
  // spec part 1, section 5: shuffle is blocked with no members (the spec gives no wording)
  no_members: {
    id: 'no_members',
    status: 422,
    message: 'Add at least one member before shuffling.',
  },
  too_few_members: {
    id: 'too_few_members',
    status: 422,
    message:
      'Cannot create {n} teams with only {m} members. Please reduce the number of teams or add more members.',
  },
  // Refusals of the shuffle engine (packages/domain/src/shuffle/README.md): malformed input is
  // 400, well-formed input that no team split can satisfy is 422 like too_few_members.
  // spec part 1, section 5: number of teams 2 to 10 (forms fall back to 4 through teamCountFrom)
  invalid_team_count: {
    id: 'invalid_team_count',
    status: 400,
    message: 'The number of teams must be a whole number from 2 to 10.',
  },
  duplicate_member_id: {
    id: 'duplicate_member_id',
    status: 400,
    message: 'Each member needs their own id, but "{id}" is used more than once.',
  },
  // spec part 1, section 5: a fixed pair needs exactly two members, a locked team at least one
  invalid_constraint: {
    id: 'invalid_constraint',
    status: 400,
    message: 'This {kind} is not valid: {reason}.',
  },
  invalid_seed: {
    id: 'invalid_seed',
    status: 400,
    message: 'The seed must be 1 to 128 characters, or a whole number from 0 to 4294967295.',
  },
  keep_apart_conflict: {
    id: 'keep_apart_conflict',
    status: 422,
    message:
      '{a} and {b} must be kept apart, but fixed pairs or locked teams put them in the same team.',
  },
  too_many_locked_teams: {
    id: 'too_many_locked_teams',
    status: 422,
    message:
      'There are {count} separate locked teams but only {n} teams. Each locked team needs a team of its own: please add teams or combine locked teams.',
  },
  block_too_large: {
    id: 'block_too_large',
    status: 422,
    message:
      '{group} has {size} members, but with {m} members in {n} teams a team can have at most {max} without leaving another team empty.',
  },
  too_few_groups: {
    id: 'too_few_groups',
    status: 422,
    message:
      'Cannot create {n} teams: fixed pairs and locked teams join the {m} members into only {groups} groups that cannot be split. Please reduce the number of teams or remove a fixed pair or locked team.',
  },
  keep_apart_impossible: {
    id: 'keep_apart_impossible',
    status: 422,
    message:
      'The keep-apart pairs cannot all be kept apart in {n} teams. Please add teams or remove some keep-apart pairs.',
  },
  duplicate_result_title: {
    id: 'duplicate_result_title',
    status: 409,
    message: 'A result with the same title already exists. Please use a different title.',
  },
  // spec part 1, section 8
  team_not_found: { id: 'team_not_found', status: 404, message: 'Team not found' },
  invalid_team_index: { id: 'invalid_team_index', status: 400, message: 'Invalid team index' },
  // spec part 1, section 6
  view_teams_forbidden: {
    id: 'view_teams_forbidden',
    status: 403,
    message: "You do not have permission to view this user's teams.",
  },
  // spec part 1, section 8; 413 because the upload is too large for what is left
  storage_limit_exceeded: {
    id: 'storage_limit_exceeded',
    status: 413,
    message: 'Storage limit exceeded. You have {n}MB remaining.',
  },

  notification_not_found: {
    id: 'notification_not_found',
    status: 404,
    message: 'Notification not found',
  },
  // Invitations (issue 24, decision 0021): the owner's resend of a member's invitation mail.
  invitation_member_not_found: {
    id: 'invitation_member_not_found',
    status: 404,
    message: 'This member is not on the roster of this workspace, or has no e-mail address.',
  },
  invitation_already_joined: {
    id: 'invitation_already_joined',
    status: 409,
    message:
      'This member already has an account with this e-mail address. There is nothing to resend.',
  },
  invitation_recently_sent: {
    id: 'invitation_recently_sent',
    status: 429,
    message:
      'An invitation was sent to this member less than {minutes} minutes ago. Please wait before sending it again.',
  },
  invitation_daily_limit: {
    id: 'invitation_daily_limit',
    status: 429,
    message:
      'Your workspaces have sent {limit} invitations in the last 24 hours, the most a day. Please send the rest tomorrow.',
  },

  // Part 2: workspace page, notes, submissions, grading.
  // spec part 2, section 8
  workspace_id_required: {
    id: 'workspace_id_required',
    status: 400,
    message: 'Workspace ID is required',
  },
  workspace_not_found: { id: 'workspace_not_found', status: 404, message: 'Workspace not found' },
  // A workspace the caller may not see answers exactly like one that does not exist, so its
  // existence does not leak: same status and message, and the API body reports the id
  // 'workspace_not_found' (see toApiErrorBody). The id stays distinct for logs.
  not_workspace_member: { id: 'not_workspace_member', status: 404, message: 'Workspace not found' },
  // spec part 2, section 6
  visibility_owner_only: {
    id: 'visibility_owner_only',
    status: 403,
    message: 'Only workspace owners can change visibility settings',
  },
  // spec part 2, section 5
  title_required: { id: 'title_required', status: 400, message: 'Please enter a title' },
  task_title_required: {
    id: 'task_title_required',
    status: 400,
    message: 'Please enter a task title',
  },
  file_type_not_allowed: {
    id: 'file_type_not_allowed',
    status: 415,
    message: '{file}: Only {types} files are allowed',
  },
  file_too_large: { id: 'file_too_large', status: 413, message: 'File size cannot exceed {n}MB' },
  // Checked by content as well as by name (issue 10): a renamed executable is refused.
  file_content_mismatch: {
    id: 'file_content_mismatch',
    status: 415,
    message: "{file}: the file's content is not a .{ext} file",
  },
  // Issue 27: an empty file was refused as content of the wrong type.
  file_empty: {
    id: 'file_empty',
    status: 415,
    message: '{file} is empty (0 bytes): choose a file with content',
  },
  file_not_found: { id: 'file_not_found', status: 404, message: 'File not found' },
  // spec part 2, section 5: the leader panel's checks (the server answers with the same words)
  files_exceed_max_size: {
    id: 'files_exceed_max_size',
    status: 413,
    message: 'Some files exceed the maximum size of {n}MB',
  },
  files_invalid_types: {
    id: 'files_invalid_types',
    status: 415,
    message: 'Some files have invalid types. Allowed types: {list}',
  },
  // spec part 2, section 8: missing-email hints
  team_leader_only: { id: 'team_leader_only', status: 403, message: 'Only team leader can submit' },
  note_not_published: {
    id: 'note_not_published',
    status: 422,
    message: 'This lecture note is not published yet.',
  },
  task_type_locked: {
    id: 'task_type_locked',
    status: 422,
    message:
      "The task's type cannot change, and the task cannot be removed, once something has been submitted.",
  },
  files_required: {
    id: 'files_required',
    status: 400,
    message: 'Please select at least one file',
  },
  not_team_member: {
    id: 'not_team_member',
    status: 403,
    message: 'You are not authorized to submit for this team',
  },
  // spec part 2, section 6
  leader_only_submission: {
    id: 'leader_only_submission',
    status: 403,
    message: 'Only team leaders can submit assignments.',
  },
  leader_emails_missing: {
    id: 'leader_emails_missing',
    status: 422,
    message:
      "Some team leaders don't have email addresses set. Please configure them in Settings first.",
  },
  assignment_not_found: {
    id: 'assignment_not_found',
    status: 404,
    message: 'Assignment not found',
  },
  // Submission windows (issue 12): before the start nothing is taken; after the end, late.
  assignment_not_open: {
    id: 'assignment_not_open',
    status: 422,
    message: 'This assignment is not open for submissions yet.',
  },
  // spec part 2, section 8: "Failed to evaluate {n} teams: {team}: {error}"
  bulk_evaluation_failed: {
    id: 'bulk_evaluation_failed',
    status: 422,
    message: 'Failed to evaluate {n} teams: {details}',
  },
  score_out_of_range: {
    id: 'score_out_of_range',
    status: 400,
    message: 'Score must be between 0 and 100',
  },
  bulk_evaluation_empty: {
    id: 'bulk_evaluation_empty',
    status: 400,
    message: 'Please enter scores or feedback for at least one team',
  },
  // spec part 2, section 7
  lecture_note_not_found: {
    id: 'lecture_note_not_found',
    status: 404,
    message: 'Lecture note not found',
  },
  team_assignment_not_found: {
    id: 'team_assignment_not_found',
    status: 404,
    message: 'Team assignment not found',
  },
  submission_not_found: {
    id: 'submission_not_found',
    status: 404,
    message: 'No submission found for this team',
  },
  // Graded work is not erased by students (issue 23, decision 0016); the owner may delete it.
  submission_graded: {
    id: 'submission_graded',
    status: 409,
    message:
      'This submission has been graded, so it can no longer be deleted. Ask the workspace owner.',
  },
  // One person, one roster entry (issue 23): an e-mail belongs to at most one member of a workspace.
  duplicate_member_email: {
    id: 'duplicate_member_email',
    status: 400,
    message: '{email} is already the e-mail of {holder}; {member} cannot have it too.',
  },
  // Retries repeat nothing (issue 23, decision 0015): the Idempotency-Key header.
  idempotency_key_invalid: {
    id: 'idempotency_key_invalid',
    status: 400,
    message: "The Idempotency-Key header must be 8 to 128 letters, digits, '-', '_', '.' or ':'.",
  },
  idempotency_key_reused: {
    id: 'idempotency_key_reused',
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
  },
  idempotency_request_in_progress: {
    id: 'idempotency_request_in_progress',
    status: 409,
    message:
      'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
  },
  idempotency_answer_lost: {
    id: 'idempotency_answer_lost',
    status: 409,
    message:
      'This was saved, but the server stopped before it could answer. Reload the page to see it.',
  },
  // Every bad body is a 400 (issue 23, decision 0018): an upload cut off or not well formed.
  upload_malformed: {
    id: 'upload_malformed',
    status: 400,
    message: 'The upload was cut off or is not valid multipart/form-data. Please try again.',
  },
  // Every bad body is a 400 (issue 23, decision 0018): JSON that is not the object the operation takes.
  body_not_object: {
    id: 'body_not_object',
    status: 400,
    message: 'The request body must be a JSON object.',
  },
  // Roster changes in a running workspace (issue 24, decision 0019).
  roster_member_not_found: {
    id: 'roster_member_not_found',
    status: 404,
    message: 'This member is not on the roster of this workspace (anymore).',
  },
  // Peer evaluation (issue 25, decision 0026).
  peer_evaluation_not_found: {
    id: 'peer_evaluation_not_found',
    status: 404,
    message: 'This peer evaluation does not exist in this workspace.',
  },
  peer_evaluation_not_open: {
    id: 'peer_evaluation_not_open',
    status: 422,
    message:
      'This peer evaluation is not open: answers are taken only between its start and its end.',
  },
  peer_not_in_evaluation: {
    id: 'peer_not_in_evaluation',
    status: 403,
    message: 'Your team is not part of this peer evaluation.',
  },
  peer_ratings_incomplete: {
    id: 'peer_ratings_incomplete',
    status: 422,
    message: 'Rate yourself and each of your teammates once, and nobody else.',
  },
  peer_team_not_found: {
    id: 'peer_team_not_found',
    status: 404,
    message: 'A chosen team is not a team of this workspace.',
  },
  peer_item_not_found: {
    id: 'peer_item_not_found',
    status: 404,
    message: 'This assignment or team task is not in this workspace.',
  },
  // Students join on their own (issue 24, decision 0020): the join link and code.
  join_code_invalid: {
    id: 'join_code_invalid',
    status: 400,
    message: 'This is not a join code. A join code has 6 to 8 letters and digits.',
  },
  join_code_not_found: {
    id: 'join_code_not_found',
    status: 404,
    message: 'No workspace has this join code. Check the code or ask your teacher for it.',
  },
  join_code_replaced: {
    id: 'join_code_replaced',
    status: 404,
    message: 'This join code was replaced by a new one. Ask your teacher for the current code.',
  },
  join_link_disabled: {
    id: 'join_link_disabled',
    status: 403,
    message: 'This join link is turned off. Ask your teacher to turn it on.',
  },
  join_needs_verified_email: {
    id: 'join_needs_verified_email',
    status: 403,
    message: 'Joining needs a verified e-mail address on your account.',
  },
  join_already_member: {
    id: 'join_already_member',
    status: 409,
    message: 'This account is already a member of this workspace.',
  },
  join_request_pending: {
    id: 'join_request_pending',
    status: 409,
    message: 'You already asked to join this workspace. Wait for the teacher to answer.',
  },
  join_name_taken: {
    id: 'join_name_taken',
    status: 409,
    message:
      'Someone else has already claimed or asked for this name. Pick your own name, or ask your teacher.',
  },
  join_member_not_found: {
    id: 'join_member_not_found',
    status: 404,
    message: 'This name is not on the roster of this workspace.',
  },
  join_request_not_found: {
    id: 'join_request_not_found',
    status: 404,
    message: 'This join request was already answered or no longer exists.',
  },
  join_claim_not_found: {
    id: 'join_claim_not_found',
    status: 404,
    message: 'This member did not join through the join link, so there is no claim to undo.',
  },
  join_too_many_attempts: {
    id: 'join_too_many_attempts',
    status: 429,
    message: 'Too many wrong join codes. Please wait {minutes} minutes and try again.',
  },
  // Grading actions (issue 25, decision 0025).
  member_submission_not_found: {
    id: 'member_submission_not_found',
    status: 404,
    message: 'No submission found for this member',
  },
  // The gradebook (issue 25, decision 0024): overrides, weights and My grades.
  gradebook_item_not_found: {
    id: 'gradebook_item_not_found',
    status: 404,
    message: 'This graded item is not in this workspace (anymore).',
  },
  gradebook_member_not_found: {
    id: 'gradebook_member_not_found',
    status: 404,
    message: 'This member is not on the roster of this workspace (anymore).',
  },
  gradebook_not_on_roster: {
    id: 'gradebook_not_on_roster',
    status: 403,
    message: 'My grades is only for members on the roster of this workspace.',
  },
  // Late rules and extensions (issue 26, decision 0030).
  hand_in_closed: {
    id: 'hand_in_closed',
    status: 409,
    message: 'The deadline has passed: this task is closed to hand-ins',
  },
  extension_no_deadline: {
    id: 'extension_no_deadline',
    status: 422,
    message: 'This has no deadline to extend.',
  },
  extension_not_later: {
    id: 'extension_not_later',
    status: 422,
    message: 'An extended deadline must be later than the deadline it extends.',
  },
  extension_wrong_holder: {
    id: 'extension_wrong_holder',
    status: 422,
    message: 'Team work is extended for a team, an individual task for one member.',
  },
  extension_not_found: {
    id: 'extension_not_found',
    status: 404,
    message: 'There is no extension to remove.',
  },
  // Issue 27: a hand-in to a note without a task.
  note_has_no_task: {
    id: 'note_has_no_task',
    status: 422,
    message: 'This lecture note has no task to hand in.',
  },
} as const satisfies Record<string, ErrorDef>;

/** Id of a catalogue entry. */
export type ErrorId = keyof typeof errors;

/** The catalogue's generic id for an HTTP error status (what a 4xx from a library is called). */
export function errorIdForStatus(status: number): ErrorId {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
    case 405:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'rule_broken';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal' : 'validation_failed';
  }
}

/** Every refusal of the shuffle engine (`formTeams`), for the routes that replay a draw. */
export const SHUFFLE_ERROR_IDS = [
  'no_members',
  'too_few_members',
  'invalid_team_count',
  'duplicate_member_id',
  'invalid_seed',
  'too_many_locked_teams',
  'block_too_large',
  'too_few_groups',
  'keep_apart_impossible',
] as const satisfies readonly ErrorId[];

/** Schema of the error response body (Fastify response schema and client parsing). */
export const apiErrorBody = z.object({
  /** The catalogue's stable id (`ErrorId`), or a snake_case id of Better Auth's. */
  error: z.string(),
  /** What to show a person: the spec's wording where it has one. */
  message: z.string(),
  /** The input field at fault, when there is one. */
  field: z.string().optional(),
  /** Only on 500s: the id to quote when reporting the failure. */
  requestId: z.string().optional(),
});

/** Body of every error response of the API. */
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

// Ids that the API reports as another entry, so a response does not reveal what it hides.
const PUBLIC_ID: Partial<Record<ErrorId, ErrorId>> = {
  not_workspace_member: 'workspace_not_found',
};

// Names of the `{name}` placeholders in a message literal.
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** Values for the placeholders of an entry's message, e.g. `{ n: 5, m: 3 }` for too_few_members. */
export type ErrorParams<I extends ErrorId> = Record<
  Placeholders<(typeof errors)[I]['message']>,
  string | number
>;

/** Extra details of an AppError. */
export type AppErrorOptions = { message?: string; field?: string; cause?: unknown };

/** A domain error from the catalogue; the server's error handler turns it into an ApiErrorBody. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly id: ErrorId;
  readonly status: number;
  readonly field: string | undefined;

  constructor(id: ErrorId, options: AppErrorOptions = {}) {
    super(options.message ?? errors[id].message, { cause: options.cause });
    this.id = id;
    this.status = errors[id].status;
    this.field = options.field;
  }
}

/** Fills `{name}` placeholders of a message; unknown placeholders are left as they are. */
export function fillPlaceholders(
  message: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Builds an AppError from a catalogue id, filling its message's placeholders from `params`. */
export function appError<I extends ErrorId>(
  id: I,
  ...args: [Placeholders<(typeof errors)[I]['message']>] extends [never]
    ? [params?: Record<string, never>, options?: Omit<AppErrorOptions, 'message'>]
    : [params: ErrorParams<I>, options?: Omit<AppErrorOptions, 'message'>]
): AppError {
  const [params, options] = args;
  const message = fillPlaceholders(errors[id].message, params ?? {});
  return new AppError(id, { ...options, message });
}

/** Whether a value is an AppError. */
export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The API body for any thrown value: AppErrors as they are (5xx and masked ids generic), others as internal. */
export function toApiErrorBody(value: unknown): ApiErrorBody {
  if (!isAppError(value)) return { error: 'internal', message: errors.internal.message };
  const publicId = PUBLIC_ID[value.id] ?? value.id;
  // 5xx bodies say nothing about internals (CONVENTIONS.md), and masked ids use their stand-in's text
  const message =
    value.status >= 500 || publicId !== value.id ? errors[publicId].message : value.message;
  const body: ApiErrorBody = { error: publicId, message };
  if (value.field !== undefined) body.field = value.field;
  return body;
}
