import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';
import { deferred } from '../../test/deferred.ts';

type Entry = { version: { v: number }; value: string };

describe('VersionedCache', () => {
  it('serves an entry at least as new as the version read, and loads an older one again', async () => {
    const cache = new VersionedCache<{ v: number }, Entry>(() => 10);
    let loads = 0;
    const load = (v: number) => async () => {
      loads += 1;
      return { version: { v }, value: `v${v}` };
    };
    expect((await cache.get('a', { v: 1 }, load(1))).value).toBe('v1');
    expect((await cache.get('a', { v: 1 }, load(1))).value).toBe('v1');
    expect(loads).toBe(1);
    expect((await cache.get('a', { v: 2 }, load(2))).value).toBe('v2');
    expect(loads).toBe(2);
  });

  it('runs loads one fewer than the cores at once across every cache (at least one), the rest after', async () => {
    const limit = Math.max(1, availableParallelism() - 1);
    const caches = [0, 1].map(() => new VersionedCache<{ v: number }, Entry>(() => 10));
    const gates = Array.from({ length: limit + 2 }, deferred);
    let running = 0;
    let most = 0;
    let started = 0;
    const results = gates.map((gate, index) =>
      caches[index % 2]!.get(`key-${index}`, { v: 1 }, async () => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
        return { version: { v: 1 }, value: `${index}` };
      }),
    );
    await expect.poll(() => started).toBe(limit);
    // The others wait for a turn; none starts while the first ones run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(limit);
    for (const gate of gates) gate.resolve();
    expect((await Promise.all(results)).map((entry) => entry.value)).toEqual(
      gates.map((_, index) => `${index}`),
    );
    expect(started).toBe(limit + 2);
    expect(most).toBe(limit);
  });

  it('shares one load between concurrent misses of one key', async () => {
    const cache = new VersionedCache<{ v: number }, Entry>(() => 10);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { version: { v: 1 }, value: 'one' };
    };
    const [a, b] = await Promise.all([
      cache.get('k', { v: 1 }, load),
      cache.get('k', { v: 1 }, load),
    ]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });
});
