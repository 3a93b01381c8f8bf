import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OAUTH_MESSAGE_TYPE,
  POPUP_COMPLETE_PATH,
  isOAuthMessage,
  oauthMessageFromSearch,
  runGoogleSignIn,
  watchOAuthPopup,
} from './oauth-popup';
import type { GoogleSignInDeps, OAuthOutcome, PopupHandle } from './oauth-popup';

function fakePopup(): PopupHandle & { closed: boolean } {
  return { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
}

/** A message bus standing in for the BroadcastChannel and window.postMessage. */
function fakeBus() {
  let listener: ((data: unknown) => void) | null = null;
  const unsubscribe = vi.fn(() => {
    listener = null;
  });
  return {
    subscribe: (onMessage: (data: unknown) => void) => {
      listener = onMessage;
      return unsubscribe;
    },
    send: (data: unknown) => listener?.(data),
    unsubscribe,
    isListening: () => listener !== null,
  };
}

function track(promise: Promise<OAuthOutcome>) {
  const state: { outcome: OAuthOutcome | undefined } = { outcome: undefined };
  void promise.then((outcome) => {
    state.outcome = outcome;
  });
  return state;
}

describe('oauth messages', () => {
  it('reads success and failure from the popup page address', () => {
    expect(oauthMessageFromSearch('')).toEqual({ type: OAUTH_MESSAGE_TYPE, ok: true, error: null });
    expect(oauthMessageFromSearch('?error=access_denied')).toEqual({
      type: OAUTH_MESSAGE_TYPE,
      ok: false,
      error: 'access_denied',
    });
  });

  it('recognises only its own messages', () => {
    expect(isOAuthMessage({ type: OAUTH_MESSAGE_TYPE, ok: true, error: null })).toBe(true);
    expect(isOAuthMessage({ type: 'other', ok: true })).toBe(false);
    expect(isOAuthMessage({ type: OAUTH_MESSAGE_TYPE, ok: 'yes' })).toBe(false);
    expect(isOAuthMessage('teamshuffle:oauth')).toBe(false);
    expect(isOAuthMessage(null)).toBe(false);
  });
});

describe('watchOAuthPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with success on an ok message and stops listening', async () => {
    const bus = fakeBus();
    const popup = fakePopup();
    const isSignedIn = vi.fn(() => Promise.resolve(false));
    const state = track(watchOAuthPopup({ popup, subscribe: bus.subscribe, isSignedIn }));
    bus.send({ hello: 'world' }); // someone else's message: ignored
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.outcome).toBeUndefined();
    bus.send({ type: OAUTH_MESSAGE_TYPE, ok: true, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.outcome).toEqual({ kind: 'success' });
    expect(bus.unsubscribe).toHaveBeenCalledOnce();
    // Closing the popup afterwards changes nothing and asks nobody.
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(isSignedIn).not.toHaveBeenCalled();
  });

  it('resolves with the error of a failed sign-in; a later copy is ignored', async () => {
    const bus = fakeBus();
    const state = track(
      watchOAuthPopup({
        popup: fakePopup(),
        subscribe: bus.subscribe,
        isSignedIn: () => Promise.resolve(true),
      }),
    );
    bus.send({ type: OAUTH_MESSAGE_TYPE, ok: false, error: 'invalid_code' });
    bus.send({ type: OAUTH_MESSAGE_TYPE, ok: true, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.outcome).toEqual({ kind: 'error', error: 'invalid_code' });
  });

  it('a popup closed without a message: after the grace period, no session means cancelled', async () => {
    const bus = fakeBus();
    const popup = fakePopup();
    const isSignedIn = vi.fn(() => Promise.resolve(false));
    const state = track(watchOAuthPopup({ popup, subscribe: bus.subscribe, isSignedIn }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(isSignedIn).not.toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500); // the next poll sees it closed
    await vi.advanceTimersByTimeAsync(999); // still inside the grace period
    expect(isSignedIn).not.toHaveBeenCalled();
    expect(state.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(isSignedIn).toHaveBeenCalledOnce();
    expect(state.outcome).toEqual({ kind: 'cancelled' });
    expect(bus.isListening()).toBe(false);
  });

  it('a popup closed without a message but with a session now: success', async () => {
    const popup = fakePopup();
    const state = track(
      watchOAuthPopup({
        popup,
        subscribe: fakeBus().subscribe,
        isSignedIn: () => Promise.resolve(true),
      }),
    );
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1500);
    expect(state.outcome).toEqual({ kind: 'success' });
  });

  it('a message arriving during the grace period wins over the session check', async () => {
    const bus = fakeBus();
    const popup = fakePopup();
    const isSignedIn = vi.fn(() => Promise.resolve(false));
    const state = track(watchOAuthPopup({ popup, subscribe: bus.subscribe, isSignedIn }));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(700);
    bus.send({ type: OAUTH_MESSAGE_TYPE, ok: true, error: null });
    await vi.advanceTimersByTimeAsync(2000);
    expect(state.outcome).toEqual({ kind: 'success' });
    expect(isSignedIn).not.toHaveBeenCalled();
  });

  it('a failed session check counts as cancelled', async () => {
    const popup = fakePopup();
    const state = track(
      watchOAuthPopup({
        popup,
        subscribe: fakeBus().subscribe,
        isSignedIn: () => Promise.reject(new TypeError('offline')),
      }),
    );
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1500);
    expect(state.outcome).toEqual({ kind: 'cancelled' });
  });

  it('stops when aborted', async () => {
    const bus = fakeBus();
    const controller = new AbortController();
    const state = track(
      watchOAuthPopup({
        popup: fakePopup(),
        subscribe: bus.subscribe,
        isSignedIn: () => Promise.resolve(true),
        signal: controller.signal,
      }),
    );
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.outcome).toEqual({ kind: 'cancelled' });
    expect(bus.isListening()).toBe(false);
  });
});

describe('runGoogleSignIn', () => {
  function deps(overrides: Partial<GoogleSignInDeps>): GoogleSignInDeps {
    return {
      openPopup: () => fakePopup(),
      requestUrl: () => Promise.resolve('https://accounts.example/authorize?x=1'),
      returnPath: '/workspaces?tab=mine',
      onPopupBlocked: vi.fn(),
      redirect: vi.fn(),
      watch: () => Promise.resolve({ kind: 'success' }),
      ...overrides,
    };
  }

  it('sends the popup to the provider with the popup-complete callback, then watches it', async () => {
    const popup = fakePopup();
    const requestUrl = vi.fn(() => Promise.resolve('https://accounts.example/authorize'));
    const watch = vi.fn(() => Promise.resolve<OAuthOutcome>({ kind: 'success' }));
    const result = await runGoogleSignIn(deps({ openPopup: () => popup, requestUrl, watch }));
    expect(requestUrl).toHaveBeenCalledWith({
      callbackURL: POPUP_COMPLETE_PATH,
      errorCallbackURL: POPUP_COMPLETE_PATH,
    });
    expect(popup.location.href).toBe('https://accounts.example/authorize');
    expect(watch).toHaveBeenCalledWith(popup);
    expect(result).toEqual({ kind: 'success' });
  });

  it('opens the popup before anything asynchronous happens (or the browser blocks it)', () => {
    const order: string[] = [];
    void runGoogleSignIn(
      deps({
        openPopup: () => {
          order.push('open');
          return fakePopup();
        },
        requestUrl: () => {
          order.push('request');
          return new Promise<string>(() => undefined);
        },
      }),
    );
    expect(order).toEqual(['open', 'request']);
  });

  it('a blocked popup: tells the user, then redirects the whole page and returns to it', async () => {
    const onPopupBlocked = vi.fn();
    const redirect = vi.fn();
    const requestUrl = vi.fn(() => Promise.resolve('https://accounts.example/authorize?r=1'));
    const watch = vi.fn();
    const result = await runGoogleSignIn(
      deps({ openPopup: () => null, onPopupBlocked, redirect, requestUrl, watch }),
    );
    expect(onPopupBlocked).toHaveBeenCalledOnce();
    expect(requestUrl).toHaveBeenCalledWith({
      callbackURL: '/workspaces?tab=mine',
      errorCallbackURL: '/workspaces?tab=mine',
    });
    expect(redirect).toHaveBeenCalledWith('https://accounts.example/authorize?r=1');
    expect(watch).not.toHaveBeenCalled();
    expect(result).toEqual({ kind: 'redirecting' });
  });

  it('closes the popup and reports the failure when the URL cannot be had', async () => {
    const popup = fakePopup();
    const failure = new TypeError('Failed to fetch');
    const result = await runGoogleSignIn(
      deps({ openPopup: () => popup, requestUrl: () => Promise.reject(failure) }),
    );
    expect(popup.close).toHaveBeenCalledOnce();
    expect(result).toEqual({ kind: 'failed', error: failure });
  });
});
