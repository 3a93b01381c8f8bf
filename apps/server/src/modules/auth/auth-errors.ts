import { type ErrorId, errorIdForStatus, errors, fillPlaceholders } from '@teamshuffle/domain';

// Better Auth answers `{ code, message }`; the API answers `{ error, message }` everywhere, with
// our catalogue's wording. Codes not listed keep their own message under a snake_case id.
const idByCode: Partial<Record<string, ErrorId>> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  USER_ALREADY_EXISTS: 'email_in_use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_in_use',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
  INVALID_OTP: 'invalid_code',
  OTP_EXPIRED: 'code_expired',
  OTP_NOT_FOUND: 'code_expired',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
  INVALID_PHONE_NUMBER: 'invalid_phone_number',
  INVALID_PASSWORD: 'invalid_password',
  ACCOUNT_DISABLED: 'account_disabled',
  EMAIL_ALREADY_VERIFIED: 'email_already_verified',
  INVALID_ORIGIN: 'cross_site_refused',
  MISSING_OR_NULL_ORIGIN: 'cross_site_refused',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'cross_site_refused',
  VALIDATION_ERROR: 'validation_failed',
  INVALID_EMAIL: 'validation_failed',
};

export type AuthErrorBody = { error: ErrorId; message: string };

/** The status the API answers for a mapped error: the catalogue's, else Better Auth's. */
export function authErrorStatus(status: number, body: AuthErrorBody): number {
  const def = (errors as Record<string, { status: number } | undefined>)[body.error];
  return def && status < 500 ? def.status : status;
}

/** Turns one Better Auth error response body into the API's error body. */
export function mapAuthError(
  status: number,
  body: unknown,
  minPasswordLength: number,
): AuthErrorBody {
  const code = typeof body === 'object' && body && 'code' in body ? String(body.code) : '';
  const message = typeof body === 'object' && body && 'message' in body ? String(body.message) : '';
  if (status === 429)
    return { error: 'too_many_requests', message: errors.too_many_requests.message };
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG' || code === 'PASSWORD_RULES') {
    const rules =
      code === 'PASSWORD_TOO_SHORT' ? `at least ${minPasswordLength} characters` : message;
    return {
      error: 'password_rules',
      message:
        code === 'PASSWORD_RULES'
          ? message
          : fillPlaceholders(errors.password_rules.message, { rules }),
    };
  }
  const id = idByCode[code];
  if (id === 'validation_failed')
    return { error: id, message: message || errors.validation_failed.message };
  if (id) return { error: id, message: errors[id].message };
  // Anything else keeps Better Auth's message under the catalogue's id for its status, so every
  // error id the API answers is an ErrorId the web knows.
  const fallback = errorIdForStatus(status);
  return {
    error: fallback,
    message: status >= 500 ? errors.internal.message : message || errors[fallback].message,
  };
}
