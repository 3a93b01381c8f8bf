import type { SessionStatus } from '../../../lib/session/session-context';
import { ApiError } from '../../../lib/api-client';

/** Which of the list page's states to show (spec part 1, section 2). */
export type ListState =
  | 'checkingAccess'
  | 'loadingTeams'
  | 'signInRequired'
  | 'accessDenied'
  | 'error'
  | 'empty'
  | 'grid';

export interface ListStateInput {
  sessionStatus: SessionStatus;
  /** The `?user=` id, or null for the caller's own list (or the public one when signed out). */
  user: string | null;
  isPending: boolean;
  error: unknown;
  count: number;
}

/**
 * - Signed out with `?user=`: Access Denied without asking (spec part 1, section 6).
 * - Signed out without it: the public workspaces; 'Please Sign In' only when there are none,
 *   since an empty public list has nothing to show a visitor but the way in.
 * - `?user=` that the server refuses (403 view_teams_forbidden): Access Denied.
 */
export function selectListState({
  sessionStatus,
  user,
  isPending,
  error,
  count,
}: ListStateInput): ListState {
  if (sessionStatus === 'loading') return 'checkingAccess';
  const isSignedOut = sessionStatus === 'signedOut';
  if (isSignedOut && user !== null) return 'accessDenied';
  if (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) {
      return isSignedOut && user === null ? 'signInRequired' : 'accessDenied';
    }
    return 'error';
  }
  if (isPending) return 'loadingTeams';
  if (count === 0) return isSignedOut ? 'signInRequired' : 'empty';
  return 'grid';
}
