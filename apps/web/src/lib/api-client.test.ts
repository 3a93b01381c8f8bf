// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, idempotentRetry, withIdempotencyKey } from './api-client';

function respondWith(status: number, body: string | null) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends cookies and JSON, and returns the parsed body', async () => {
    const fetchMock = respondWith(200, '{"ok":true}');
    await expect(
      apiFetch<{ ok: boolean }>('/api/things', { method: 'POST', json: { a: 1 } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('returns undefined for an empty body', async () => {
    respondWith(204, null);
    await expect(apiFetch('/api/things')).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the server error body', async () => {
    respondWith(409, '{"error":"duplicate_title","message":"Taken.","field":"title"}');
    const error = await apiFetch('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      error: 'duplicate_title',
      message: 'Taken.',
      field: 'title',
    });
  });

  it('throws a generic ApiError when the error body is not the catalogue shape', async () => {
    respondWith(502, '<html>Bad gateway</html>');
    await expect(apiFetch('/api/things')).rejects.toMatchObject({
      status: 502,
      error: 'unexpected_response',
    });
  });

  it('turns a network failure into a network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/api/things')).rejects.toMatchObject({
      status: 0,
      error: 'network_error',
    });
  });
});

// Retries repeat nothing (issue 23, decision 0015): one key per mutation call, reused on retry.
describe('a mutation sent with an Idempotency-Key', () => {
  const created = () => Promise.resolve(new Response('{"id":"n1"}', { status: 201 }));
  function answering(...answers: Array<() => Promise<Response>>) {
    const keys: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        return (answers.shift() ?? created)();
      }),
    );
    return keys;
  }
  const createThing = withIdempotencyKey((input: { title: string }, idempotencyKey: string) =>
    apiFetch<{ id: string }>('/api/things', { method: 'POST', json: input, idempotencyKey }),
  );
  const observe = () =>
    new MutationObserver(new QueryClient(), {
      mutationFn: createThing,
      ...idempotentRetry,
      retryDelay: 0,
    });

  it('sends the same key on each retry of one call, and a new key for the next call', async () => {
    const keys = answering(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        Promise.resolve(
          new Response('{"error":"idempotency_request_in_progress","message":"Running."}', {
            status: 409,
          }),
        ),
    );
    const observer = observe();
    await expect(observer.mutate({ title: 'Week 1' })).resolves.toEqual({ id: 'n1' });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(new Set(keys).size).toBe(1);
    await observer.mutate({ title: 'Week 1' });
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('gives up after 3 tries, and does not retry a refusal', async () => {
    const down = () =>
      Promise.resolve(new Response('{"error":"internal","message":"x"}', { status: 500 }));
    const keys = answering(down, down, down);
    await expect(observe().mutate({ title: 'A' })).rejects.toMatchObject({ status: 500 });
    expect(keys).toHaveLength(3);
    const refused = answering(() =>
      Promise.resolve(
        new Response('{"error":"idempotency_key_reused","message":"Other."}', { status: 422 }),
      ),
    );
    await expect(observe().mutate({ title: 'B' })).rejects.toMatchObject({ status: 422 });
    expect(refused).toHaveLength(1);
  });

  it('reuses the key when the same call is sent again after it failed for good', async () => {
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    const keys = answering(down, down, down);
    const variables = { title: 'Lost answer' };
    await expect(observe().mutate(variables)).rejects.toMatchObject({ status: 0 });
    await observe().mutate(variables);
    expect(new Set(keys).size).toBe(1);
  });

  it('waits 1 s, then 2 s between tries (spec part 2, section 9)', () => {
    expect([0, 1].map((failures) => idempotentRetry.retryDelay(failures))).toEqual([1000, 2000]);
  });
});
