import { describe, expect, it } from 'vitest';
import { createRateLimitStore } from './rate-limit-store.ts';

describe('the auth rate-limit store', () => {
  it('allows max requests per window and key, then tells how long to wait', async () => {
    let now = 1_000_000;
    const store = createRateLimitStore(() => now);
    const rule = { window: 60, max: 2 };
    expect(await store.consume('a', rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await store.consume('a', rule)).toEqual({ allowed: true, retryAfter: null });
    now += 15_000;
    expect(await store.consume('a', rule)).toEqual({ allowed: false, retryAfter: 45 });
    expect(await store.consume('b', rule)).toEqual({ allowed: true, retryAfter: null });
    now += 45_000;
    expect(await store.consume('a', rule)).toEqual({ allowed: true, retryAfter: null });
  });
});
