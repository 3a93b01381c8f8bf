import { ApiError } from './api-client';
import { i18n } from './i18n';

// Error ids whose user-facing text the web app also has in every language (`apiErrors.<id>`).
const TRANSLATED_ERRORS = [
  'network_error',
  'too_many_requests',
  'invalid_credentials',
  'email_in_use',
  'invalid_token',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'invalid_phone_number',
  'invalid_password',
  'password_required',
  'delete_confirmation_mismatch',
  'account_disabled',
] as const;
type TranslatedError = (typeof TRANSLATED_ERRORS)[number];

function isTranslated(id: string): id is TranslatedError {
  return (TRANSLATED_ERRORS as readonly string[]).includes(id);
}

/**
 * The message to show for a failed call. The server words its errors in English, so in English
 * its text is shown as is; in another language the error id's translation is used when there is
 * one. The network failure is worded by the client and always translated. `fallback` covers
 * anything that is not an API error (a bug, a malformed answer).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (isTranslated(error.error) && (error.error === 'network_error' || i18n.language !== 'en')) {
    return i18n.t(`apiErrors.${error.error}`);
  }
  return error.message || fallback;
}

/** Whether a failure is the browser being offline or the server unreachable. */
export function isNetworkError(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.error === 'network_error') || error instanceof TypeError
  );
}
