import { useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { lazyChunk } from './chunk-load';

/**
 * Page chunks still on their way. While the next page's code loads its frame shows (the page's
 * Suspense fallback, issue 27) and the navigation bar at the top of the window.
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
  let loaded: ComponentType | null = null;
  // One fetch, whether the preload or the first render asks first.
  const fetchOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Page = lazyChunk(async () => {
    changePending(1);
    try {
      return await fetchOnce();
    } finally {
      changePending(-1);
    }
  });
  /**
   * Once the code is here, the page renders at once instead of through React.lazy, which would
   * suspend for a tick: the first render over the prerendered landing page (or any preloaded
   * first page) never flashes the loader. Chosen once per mount, so the element type is stable.
   */
  function LazyPage() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Page />;
  }
  /**
   * Starts fetching the page's code now (the first page, while the language strings load), so
   * it does not wait for them. Resolves once it is here, or failed (the render reports that).
   */
  const preload = (): Promise<void> =>
    fetchOnce().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LazyPage, { preload });
}
