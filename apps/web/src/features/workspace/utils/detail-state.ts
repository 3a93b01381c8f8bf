import { ApiError } from '../../../lib/api-client';
import type { SessionStatus } from '../../../lib/session/session-context';

/** Which of the detail page's states to show (spec part 2, section 2). */
export type DetailState =
  'checkingAccess' | 'loadingTeam' | 'accessDenied' | 'notFound' | 'error' | 'ready';

export interface DetailStateInput {
  sessionStatus: SessionStatus;
  isPending: boolean;
  error: unknown;
}

/**
 * The server answers a private workspace exactly like a missing one (404), so the page tells
 * them apart by who is asking: signed out, it may well be private, and the way on is to sign
 * in (Access Denied, 'User not logged in'); signed in, it is not found for this user. A 403
 * (e-mail not verified) is Access Denied too; anything else is an error with a retry.
 */
export function selectDetailState({
  sessionStatus,
  isPending,
  error,
}: DetailStateInput): DetailState {
  if (sessionStatus === 'loading') return 'checkingAccess';
  if (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return sessionStatus === 'signedOut' ? 'accessDenied' : 'notFound';
    }
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return 'accessDenied';
    }
    return 'error';
  }
  if (isPending) return 'loadingTeam';
  return 'ready';
}
