import { useSyncExternalStore } from 'react';

/**
 * How this tab hears about new notifications: 'off' (signed out, or not started), 'connecting'
 * (no stream yet), 'live' (the browser's one stream is open, here or in another tab) or 'down'
 * (the stream cannot connect: the spec's 30 s poll of the counts takes over).
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'down';

let current: LiveStatus = 'off';
const listeners = new Set<() => void>();

/** Records the tab's live status (the connection calls it; tests may too). */
export function setLiveStatus(status: LiveStatus): void {
  if (status === current) return;
  current = status;
  for (const listener of listeners) listener();
}

/** The tab's live status now. */
export function getLiveStatus(): LiveStatus {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's live status, re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, getLiveStatus, getLiveStatus);
}
