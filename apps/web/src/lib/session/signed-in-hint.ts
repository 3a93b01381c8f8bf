// Whether this browser was signed in at the end of its last visit. Only a hint for what to show
// while the session is being checked (issue 14: the landing page renders its content at once for
// a visitor who was not signed in, instead of a spinner that waits for GET /api/me); the session
// itself always comes from the server.
const KEY = 'teamshuffle.wasSignedIn';

/** The last session answer this browser saw was "signed in". */
export function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the session answer for the next visit's first paint. */
export function rememberSignedIn(isSignedIn: boolean): void {
  try {
    if (isSignedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the next visit waits for the session, as before.
  }
}
