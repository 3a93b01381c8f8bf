import { returnPathOf } from '@teamshuffle/domain';

/**
 * The page to come back to after sign-in, sign-up or verification (path and query): the page
 * the user is on, without the sign-up dialog's `?auth=`, or its `?returnTo=` when that is a
 * path of this site (decision 0021).
 */
export function currentPath(): string {
  return returnPathOf(window.location.pathname, window.location.search);
}
