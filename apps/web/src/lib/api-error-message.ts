import { parseMemberLabel, UNKNOWN_SHARED_EMAIL } from '@teamshuffle/domain';
import { ApiError } from './api-client';
import type { ApiErrorId } from './api-client';
import { i18n } from './i18n';
import { apiErrorsEn } from './i18n/api-errors.en';
import { templateValues } from './template-values';

// Error ids whose user-facing text the web app also has in every language (`apiErrors.<id>`):
// the ones a user can meet in a form, an upload or a toast.
const TRANSLATED_ERRORS = [
  'network_error',
  'unexpected_response',
  'too_many_requests',
  'invalid_credentials',
  'email_in_use',
  'invalid_token',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'too_many_sign_in_attempts',
  'invalid_phone_number',
  'invalid_password',
  'password_required',
  'delete_confirmation_mismatch',
  'account_disabled',
  'storage_limit_exceeded',
  'payload_too_large',
  'file_too_large',
  'file_type_not_allowed',
  'file_content_mismatch',
  'file_empty',
  'file_not_found',
  'files_required',
  'files_exceed_max_size',
  'files_invalid_types',
  'lecture_note_not_found',
  'team_assignment_not_found',
  'submission_not_found',
  'team_leader_only',
  'not_team_member',
  'note_not_published',
  'task_type_locked',
  'assignment_not_found',
  'assignment_not_open',
  'leader_only_submission',
  'leader_emails_missing',
  'bulk_evaluation_failed',
  'score_out_of_range',
  'notification_not_found',
  'team_not_found',
  'forbidden',
  'workspace_not_found',
  'duplicate_member_email',
  'hand_in_closed',
  'extension_no_deadline',
  'extension_not_later',
  'extension_wrong_holder',
  'extension_not_found',
  'note_has_no_task',
] as const satisfies readonly ApiErrorId[];
type TranslatedError = (typeof TRANSLATED_ERRORS)[number];

/** The ids `apiErrorMessage` translates (for the test that they match the catalogue). */
export const TRANSLATED_ERROR_IDS: readonly TranslatedError[] = TRANSLATED_ERRORS;

function isTranslated(id: string): id is TranslatedError {
  return (TRANSLATED_ERRORS as readonly string[]).includes(id);
}

// The key is one of TRANSLATED_ERRORS (so it exists); its values are read back from the server's
// text, so they are not the literal types the typed `t` expects.
const translateLoosely = i18n.t as unknown as (
  key: string,
  values: Record<string, string>,
) => string;

/** A member as the server names one in English ('Ann (Team 1)'), in the interface language. */
function localMemberLabel(label: string): string {
  const parsed = parseMemberLabel(label);
  if (!parsed) return label;
  return parsed.teamNumber === null
    ? i18n.t('memberLabel.noTeam', { name: parsed.name })
    : i18n.t('memberLabel.team', { name: parsed.name, number: parsed.teamNumber });
}

/**
 * The server's values in a translated message, with the words it writes in English put in the
 * interface language: duplicate_member_email names its two members with their teams (issue 23),
 * or says 'another member' when it cannot tell who.
 */
function localizedValues(id: TranslatedError, values: Record<string, string>) {
  if (id !== 'duplicate_member_email') return values;
  const { email = '', holder = '', member = '' } = values;
  return {
    email: email === UNKNOWN_SHARED_EMAIL.email ? i18n.t('memberLabel.unknownEmail') : email,
    holder:
      holder === UNKNOWN_SHARED_EMAIL.holder
        ? i18n.t('memberLabel.unknownHolder')
        : localMemberLabel(holder),
    member:
      member === UNKNOWN_SHARED_EMAIL.member
        ? i18n.t('memberLabel.unknownMember')
        : localMemberLabel(member),
  };
}

/**
 * The message to show for a failed call. The server words its errors in English, so in English
 * its text is shown as is; in another language the error id's translation is used when there is
 * one, with the figures of the server's text (the MB left, the file name). The client's own
 * failures are worded by the client and always translated. `fallback` covers anything that is not
 * an API error (a bug, a malformed answer).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const id = error.error;
  if (id === 'unexpected_response') {
    return i18n.t('apiErrors.unexpected_response', { status: error.status });
  }
  if (id === 'network_error') return i18n.t('apiErrors.network_error');
  if (isTranslated(id) && i18n.language !== 'en') {
    // The raw English template (not `t`, which would fill the placeholders with nothing).
    const template: string = apiErrorsEn[id];
    const values = templateValues(template, error.message);
    if (values) return translateLoosely(`apiErrors.${id}`, localizedValues(id, values));
  }
  return error.message || fallback;
}

/** Whether a failure is the browser being offline or the server unreachable. */
export function isNetworkError(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.error === 'network_error') || error instanceof TypeError
  );
}
