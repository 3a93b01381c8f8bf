import { CHUNK_LOAD_TIMEOUT_MS } from '@teamshuffle/domain';
import { createElement, lazy, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Part of the app's code did not arrive: a deploy replaced the file, the network dropped, or it
 * took longer than the spec's chunk load time-out. Reloading the page is the way out (a browser
 * does not retry a failed module import within the same page).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

// What browsers and Vite's preloader say when a chunk cannot be fetched: Chromium "Failed to
// fetch dynamically imported module", Firefox "error loading dynamically imported module",
// Safari "Importing a module script failed", Vite "Unable to preload CSS for ...".
const CHUNK_FAILURE =
  /dynamically imported module|importing a module script failed|unable to preload/i;

/** Whether `error` says that a chunk failed to load (rather than that its code threw). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message))
  );
}

/**
 * Runs `load` (a dynamic import and what it picks from the module). A chunk that fails to load
 * becomes a ChunkLoadError, and so does one still loading after `timeoutMs` (spec part 1,
 * section 9: 120 s), so the page shows a message with a Reload button instead of a spinner or a
 * blank page for ever. Errors thrown by the module's own code pass through unchanged.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ChunkLoadError(`Chunk load timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    if (error instanceof Error && !(error instanceof ChunkLoadError) && isChunkLoadError(error)) {
      throw new ChunkLoadError(error.message, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** React.lazy for a component in a chunk of its own, with loadChunk's time-out and errors. */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await loadChunk(load) }));
}

/**
 * lazyChunk whose code can be fetched before it first renders (`preload`): once it is here, it
 * renders at once instead of through React.lazy, which would show its fallback for a moment.
 * The app's first render over a page the server rendered (decision 0011) waits for it, so the
 * page does not flicker as the app takes over. Chosen once per mount, so the type is stable.
 */
export function preloadableChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetchOnce = () =>
    (loading ??= loadChunk(load).then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await fetchOnce() }));
  function Preloadable(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  /** Resolves once the code is here, or failed (a render then reports that). */
  const preload = (): Promise<void> =>
    fetchOnce().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Preloadable, { preload });
}
