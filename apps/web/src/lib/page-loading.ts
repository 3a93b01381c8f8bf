import { useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { lazyChunk } from './chunk-load';

/**
 * Page chunks still on their way. React Router moves between pages in a transition, so the page
 * being left stays on screen while the next one's code loads; the navigation bar shows meanwhile.
 */
let pendingPages = 0;
const listeners = new Set<() => void>();

function changePending(delta: number) {
  pendingPages += delta;
  // Chunks start loading while React renders: tell the bar after that render, not during it.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isLoading = () => pendingPages > 0;

/** Whether a page's code is loading (for the bar at the top of the window). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}

/**
 * A page in a chunk of its own, fetched the first time its route renders, with the spec's 120 s
 * chunk time-out: a chunk that fails or times out throws a ChunkLoadError to the page boundary.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  let loading: Promise<ComponentType> | null = null;
  // One fetch, whether the preload or the first render asks first.
  const fetchOnce = () => (loading ??= load());
  const Page = lazyChunk(async () => {
    changePending(1);
    try {
      return await fetchOnce();
    } finally {
      changePending(-1);
    }
  });
  /**
   * Starts fetching the page's code now (the first page, while the language strings load), so
   * it does not wait for them. A failure here is left to the render, which reports it.
   */
  const preload = () => {
    fetchOnce().catch(() => undefined);
  };
  return Object.assign(Page, { preload });
}
