// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client';

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
