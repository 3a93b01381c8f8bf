// A full-page Google redirect leaves the app; this note in sessionStorage lets the page it returns
// to tell the user how it went.
const KEY = 'teamshuffle:oauthRedirect';

/** Notes that this tab is about to leave for the provider. */
export function markOAuthRedirect(): void {
  try {
    window.sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage unavailable: the sign-in still works, only the welcome toast is skipped.
  }
}

/** Whether this tab just came back from a provider redirect; reading clears the note. */
export function takeOAuthRedirectMark(): boolean {
  try {
    const value = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return value !== null;
  } catch {
    return false;
  }
}
