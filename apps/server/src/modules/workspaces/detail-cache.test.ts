import { describe, expect, it } from 'vitest';
import { DetailCache, type DetailVersion, type PresentedDetail } from './detail-cache.ts';

const v = (workspace: number, accounts = 0): DetailVersion => ({ workspace, accounts });

function detail(version: DetailVersion, bytes = 10): PresentedDetail {
  return {
    version,
    counts: { totalMembers: 0, teams: 0, fixedGroups: 0 },
    withEmails: Buffer.alloc(bytes, 'a'),
    withoutEmails: Buffer.alloc(bytes, 'b'),
  };
}

/** A loader that counts its calls and answers the given version. */
function loader(version: DetailVersion, bytes = 10) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return detail(version, bytes);
  };
  return { calls, load };
}

describe('DetailCache', () => {
  it('serves an entry at least as new as the version read, and loads again when it is older', async () => {
    const cache = new DetailCache();
    const v3 = loader(v(3));
    expect((await cache.get('w', v(3), v3.load)).version.workspace).toBe(3);
    expect((await cache.get('w', v(3), v3.load)).version.workspace).toBe(3);
    expect((await cache.get('w', v(2), v3.load)).version.workspace).toBe(3);
    expect(v3.calls.count).toBe(1);
    const v4 = loader(v(4));
    expect((await cache.get('w', v(4), v4.load)).version.workspace).toBe(4);
    expect(v4.calls.count).toBe(1);
    // An older answer loaded late never replaces a newer entry.
    const late = loader(v(3));
    await cache.get('w', v(5), late.load);
    expect((await cache.get('w', v(4), loader(v(9)).load)).version.workspace).toBe(4);
  });

  it('compares both counters: a newer account counter makes an entry old too', async () => {
    const cache = new DetailCache();
    await cache.get('w', v(5, 1), loader(v(5, 1)).load);
    const reload = loader(v(5, 2));
    expect((await cache.get('w', v(4, 1), reload.load)).version).toEqual(v(5, 1));
    expect((await cache.get('w', v(5, 2), reload.load)).version).toEqual(v(5, 2));
    expect(reload.calls.count).toBe(1);
    expect((await cache.get('w', v(6, 0), loader(v(6, 2)).load)).version).toEqual(v(6, 2));
  });

  it('shares one load among concurrent misses, unless the shared answer is too old', async () => {
    const cache = new DetailCache();
    const v1 = loader(v(1));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.get('w', v(1), v1.load)),
    );
    expect(v1.calls.count).toBe(1);
    expect(answers.every((answer) => answer.version.workspace === 1)).toBe(true);

    const slow = loader(v(2));
    const fresh = loader(v(3));
    const [first, second] = await Promise.all([
      cache.get('w', v(2), slow.load),
      cache.get('w', v(3), fresh.load),
    ]);
    expect(first.version.workspace).toBe(2);
    expect(second.version.workspace).toBe(3);
    expect(fresh.calls.count).toBe(1);
  });

  it('does not keep a failed load, and the next request loads again', async () => {
    const cache = new DetailCache();
    const failing = async (): Promise<PresentedDetail> => {
      throw new Error('database down');
    };
    await expect(cache.get('w', v(1), failing)).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    expect((await cache.get('w', v(1), loader(v(1)).load)).version.workspace).toBe(1);
  });

  it('drops the least recently used entries beyond its byte budget, and never keeps one larger than it', async () => {
    // Each entry below is 2 x 20 bytes and room for two answers of 20 (x 1.5): 100 bytes.
    const cache = new DetailCache(250);
    await cache.get('a', v(1), loader(v(1), 20).load);
    await cache.get('b', v(1), loader(v(1), 20).load);
    await cache.get('a', v(1), loader(v(1), 20).load); // a is now the most recent
    await cache.get('c', v(1), loader(v(1), 20).load); // 300 bytes: b goes
    expect(cache.size).toBe(2);
    const again = loader(v(1), 20);
    await cache.get('a', v(1), again.load);
    await cache.get('c', v(1), again.load);
    expect(again.calls.count).toBe(0);
    await cache.get('b', v(1), again.load);
    expect(again.calls.count).toBe(1);

    const huge = loader(v(1), 60);
    await cache.get('h', v(1), huge.load);
    await cache.get('h', v(1), huge.load);
    expect(huge.calls.count).toBe(2);
  });
});
