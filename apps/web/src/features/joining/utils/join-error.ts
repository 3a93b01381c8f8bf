import { apiErrorMessage } from '../../../lib/api-error-message';
import { ApiError } from '../../../lib/api-client';
import type { TFunction } from '../../../lib/i18n';
import type { joiningEn } from '../../../lib/i18n/joining.en';

type JoinErrorId = keyof typeof joiningEn.errors;

function isJoinError(id: string): id is JoinErrorId {
  return id.startsWith('join_');
}

/**
 * A failed join call in the interface's language: the join refusals from this feature's own
 * strings (the "too many" one with the minutes the server said), anything else as the app words it.
 */
export function joinErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && isJoinError(error.error)) {
    const minutes = /(\d+)/.exec(error.message)?.[1] ?? '15';
    return t(`joining.errors.${error.error}`, { minutes });
  }
  return apiErrorMessage(error, fallback);
}

/** The error id of a failed call, when the API answered one. */
export function errorIdOf(error: unknown): string | null {
  return error instanceof ApiError ? error.error : null;
}
