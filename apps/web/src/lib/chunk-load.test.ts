import { CHUNK_LOAD_TIMEOUT_MS } from '@teamshuffle/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives what the chunk exports', async () => {
    await expect(loadChunk(() => Promise.resolve('page'))).resolves.toBe('page');
  });

  it("turns a browser's failed dynamic import into a ChunkLoadError", async () => {
    const failure = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/app-x.js',
    );
    const error: unknown = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(failure);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("recognises Firefox's, Safari's and Vite's wording too", () => {
    for (const message of [
      'error loading dynamically imported module: http://localhost/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it('lets an error thrown by the page code itself through unchanged', async () => {
    const bug = new RangeError('bad index');
    const error: unknown = await loadChunk(() => Promise.reject(bug)).catch((e: unknown) => e);
    expect(error).toBe(bug);
    expect(isChunkLoadError(error)).toBe(false);
  });

  it('gives up after the spec’s 120 s chunk load time-out', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const settled = loadChunk(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let isSettled = false;
    void settled.then(() => {
      isSettled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves no timer behind once the chunk arrived', async () => {
    vi.useFakeTimers();
    await loadChunk(() => Promise.resolve(1));
    expect(vi.getTimerCount()).toBe(0);
  });
});
