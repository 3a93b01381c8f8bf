// The Google sign-in popup: the opener asks the server for the authorization URL, sends the popup
// there, and waits for the popup's last page (/auth/popup-complete) to report the outcome. That
// page reports on a BroadcastChannel and through window.opener: a cross-origin trip can cut the
// opener link (Cross-Origin-Opener-Policy), the channel survives it.

/** The route the provider sends the popup back to, success or failure. */
export const POPUP_COMPLETE_PATH = '/auth/popup-complete';
export const OAUTH_CHANNEL_NAME = 'teamshuffle-auth';
export const OAUTH_MESSAGE_TYPE = 'teamshuffle:oauth';
export const POPUP_WINDOW_NAME = 'teamshuffle-google';
export const POPUP_WINDOW_FEATURES = 'width=500,height=640';
/** How often the opener checks whether the popup was closed. */
export const POPUP_POLL_MS = 500;
/** After the popup closes without a message: wait this long for a late message, then ask /api/me. */
export const POPUP_CLOSED_GRACE_MS = 1000;

/** What /auth/popup-complete tells the opener. */
export interface OAuthMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  ok: boolean;
  error: string | null;
}

export type OAuthOutcome =
  { kind: 'success' } | { kind: 'cancelled' } | { kind: 'error'; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isOAuthMessage(value: unknown): value is OAuthMessage {
  return (
    isRecord(value) &&
    value['type'] === OAUTH_MESSAGE_TYPE &&
    typeof value['ok'] === 'boolean' &&
    (value['error'] === null || value['error'] === undefined || typeof value['error'] === 'string')
  );
}

/** The message for the popup's final URL: `?error=<reason>` means failure, anything else success. */
export function oauthMessageFromSearch(search: string): OAuthMessage {
  const error = new URLSearchParams(search).get('error');
  return { type: OAUTH_MESSAGE_TYPE, ok: !error, error: error || null };
}

/** Listens on both channels; returns the unsubscribe function. */
export function subscribeToOAuthMessages(onMessage: (data: unknown) => void): () => void {
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OAUTH_CHANNEL_NAME);
  const onChannelMessage = (event: MessageEvent) => onMessage(event.data);
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) onMessage(event.data);
  };
  channel?.addEventListener('message', onChannelMessage);
  window.addEventListener('message', onWindowMessage);
  return () => {
    channel?.removeEventListener('message', onChannelMessage);
    channel?.close();
    window.removeEventListener('message', onWindowMessage);
  };
}

/** Sends the outcome from the popup to its opener on both channels. */
export function postOAuthMessage(message: OAuthMessage): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
  }
  try {
    const opener = window.opener as Window | null;
    if (opener && opener !== window) opener.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or of another origin: the BroadcastChannel has it covered.
  }
}

export interface WatchPopupOptions {
  popup: { readonly closed: boolean };
  subscribe: (onMessage: (data: unknown) => void) => () => void;
  /** Asks the server whether a session exists now (refetches /api/me). */
  isSignedIn: () => Promise<boolean>;
  pollMs?: number;
  graceMs?: number;
  /** Stops watching (modal unmounted); the promise then resolves as cancelled. */
  signal?: AbortSignal;
}

/**
 * Waits for the popup's outcome: the first OAuth message wins. A popup closed without one (the
 * user closed it, or the opener lost sight of it) gets a grace period for a late message, then
 * the server decides: a session means the sign-in went through, none means it was cancelled.
 */
export function watchOAuthPopup({
  popup,
  subscribe,
  isSignedIn,
  pollMs = POPUP_POLL_MS,
  graceMs = POPUP_CLOSED_GRACE_MS,
  signal,
}: WatchPopupOptions): Promise<OAuthOutcome> {
  return new Promise((resolve) => {
    let isSettled = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;

    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      graceTimer = setTimeout(() => {
        isSignedIn().then(
          (signedIn) => finish(signedIn ? { kind: 'success' } : { kind: 'cancelled' }),
          () => finish({ kind: 'cancelled' }),
        );
      }, graceMs);
    }, pollMs);
    const onAbort = () => finish({ kind: 'cancelled' });

    function finish(outcome: OAuthOutcome): void {
      if (isSettled) return;
      isSettled = true;
      clearInterval(poll);
      clearTimeout(graceTimer);
      unsubscribe?.();
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    }

    if (signal?.aborted) {
      finish({ kind: 'cancelled' });
      return;
    }
    signal?.addEventListener('abort', onAbort);
    const stopListening = subscribe((data) => {
      if (!isOAuthMessage(data)) return;
      finish(
        data.ok ? { kind: 'success' } : { kind: 'error', error: data.error ?? 'unknown_error' },
      );
    });
    // A message delivered during subscribe() has already settled the outcome.
    if (isSettled) stopListening();
    else unsubscribe = stopListening;
  });
}

/** The popup window as far as the flow uses it (a real Window fits). */
export interface PopupHandle {
  readonly closed: boolean;
  close: () => void;
  location: { href: string };
}

export type GoogleSignInResult =
  | OAuthOutcome
  /** The popup was blocked and the page is leaving for Google (full-page redirect). */
  | { kind: 'redirecting' }
  /** Asking the server for the URL (or handing it to the popup) failed. */
  | { kind: 'failed'; error: unknown };

export interface GoogleSignInDeps {
  /** window.open, called synchronously inside the click so the browser allows it. */
  openPopup: () => PopupHandle | null;
  requestUrl: (input: { callbackURL: string; errorCallbackURL: string }) => Promise<string>;
  /** Where a full-page redirect returns to: the page the user started from. */
  returnPath: string;
  /** Runs before the redirect (the 'popup was blocked' notice, remembering the attempt). */
  onPopupBlocked: () => void;
  redirect: (url: string) => void;
  watch: (popup: PopupHandle) => Promise<OAuthOutcome>;
}

/**
 * Google sign-in, popup first. Must be called straight from a click handler: the popup is
 * opened before the first await, or the browser would block it.
 */
export async function runGoogleSignIn(deps: GoogleSignInDeps): Promise<GoogleSignInResult> {
  const popup = deps.openPopup();
  if (!popup) {
    deps.onPopupBlocked();
    try {
      const url = await deps.requestUrl({
        callbackURL: deps.returnPath,
        errorCallbackURL: deps.returnPath,
      });
      deps.redirect(url);
      return { kind: 'redirecting' };
    } catch (error) {
      return { kind: 'failed', error };
    }
  }
  try {
    const url = await deps.requestUrl({
      callbackURL: POPUP_COMPLETE_PATH,
      errorCallbackURL: POPUP_COMPLETE_PATH,
    });
    popup.location.href = url;
  } catch (error) {
    popup.close();
    return { kind: 'failed', error };
  }
  return deps.watch(popup);
}
