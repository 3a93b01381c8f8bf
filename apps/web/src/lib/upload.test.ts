import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from './api-client';
import {
  isRetryableUploadError,
  pause,
  splitProgress,
  uploadFormData,
  uploadOnce,
  uploadRetryDelays,
  uploadWithRetry,
} from './upload';
import type { RetryOptions, UploadRequest } from './upload';

const serverError = () => new ApiError(503, { error: 'service_unavailable', message: 'Down.' });
const refusal = () =>
  new ApiError(413, { error: 'file_too_large', message: 'File size cannot exceed 5MB' });

function request(overrides: Partial<UploadRequest<string>> = {}): UploadRequest<string> {
  return {
    path: '/api/things/files',
    files: [new File(['abc'], 'a.pdf')],
    parse: (body) => String(body),
    ...overrides,
  };
}

/** A `send` that fails with each given error in turn, then answers 'ok'; it counts its tries. */
function failing(...failures: Error[]) {
  let tries = 0;
  const send: NonNullable<RetryOptions['send']> = <T>() => {
    tries += 1;
    const next = failures.shift();
    return next === undefined ? Promise.resolve('ok' as T) : Promise.reject(next);
  };
  return { send, tries: () => tries };
}

const noWait = () => vi.fn((_ms: number, _signal?: AbortSignal) => Promise.resolve());

describe('the retry schedule (spec part 2, section 9)', () => {
  it('is 3 tries, with 1 s then 2 s between them', () => {
    expect(uploadRetryDelays()).toEqual([1000, 2000]);
  });

  it('retries a network failure and a 5xx, not a refusal', () => {
    expect(isRetryableUploadError(networkError())).toBe(true);
    expect(isRetryableUploadError(serverError())).toBe(true);
    expect(isRetryableUploadError(refusal())).toBe(false);
    expect(isRetryableUploadError(new DOMException('x', 'AbortError'))).toBe(false);
  });

  it('succeeds on the third try after pauses of 1 s and 2 s', async () => {
    const { send, tries } = failing(networkError(), serverError());
    const wait = noWait();
    const onRetry = vi.fn();
    await expect(uploadWithRetry(request(), { send, wait, onRetry })).resolves.toBe('ok');
    expect(tries()).toBe(3);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(onRetry.mock.calls).toEqual([
      [2, 1000],
      [3, 2000],
    ]);
  });

  it('gives up after the third failed try with its error', async () => {
    const last = serverError();
    const { send, tries } = failing(networkError(), serverError(), last);
    const wait = noWait();
    await expect(uploadWithRetry(request(), { send, wait })).rejects.toBe(last);
    expect(tries()).toBe(3);
    expect(wait).toHaveBeenCalledTimes(2);
  });

  it('stops at a refusal without waiting', async () => {
    const { send, tries } = failing(refusal());
    const wait = noWait();
    await expect(uploadWithRetry(request(), { send, wait })).rejects.toMatchObject({
      status: 413,
      error: 'file_too_large',
    });
    expect(tries()).toBe(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('a cancel during the pause ends it with no further try', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const { send, tries } = failing(networkError());
      const done = uploadWithRetry(request({ signal: controller.signal }), { send });
      const outcome = expect(done).rejects.toMatchObject({ name: 'AbortError' });
      await vi.advanceTimersByTimeAsync(500);
      controller.abort();
      await outcome;
      await vi.advanceTimersByTimeAsync(5000);
      expect(tries()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pause waits the given time', async () => {
    vi.useFakeTimers();
    try {
      let isDone = false;
      const waiting = pause(1000).then(() => (isDone = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(isDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(isDone).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  // Retries repeat nothing (issue 23, decision 0015).
  it('sends one Idempotency-Key on every try of an upload, and a new one for the next upload', async () => {
    const keys: Array<string | undefined> = [];
    const failures: Error[] = [networkError(), serverError()];
    const send: NonNullable<RetryOptions['send']> = <T>(tried: UploadRequest<T>) => {
      keys.push(tried.idempotencyKey);
      const next = failures.shift();
      return next === undefined ? Promise.resolve('ok' as T) : Promise.reject(next);
    };
    await expect(uploadWithRetry(request(), { send, wait: noWait() })).resolves.toBe('ok');
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(new Set(keys).size).toBe(1);
    await uploadWithRetry(request(), { send, wait: noWait() });
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('retries while the first try of the key is still running, not another conflict', () => {
    const running = new ApiError(409, {
      error: 'idempotency_request_in_progress',
      message: 'Still running.',
    });
    expect(isRetryableUploadError(running)).toBe(true);
    expect(isRetryableUploadError(new ApiError(409, { error: 'conflict', message: 'No.' }))).toBe(
      false,
    );
    const reused = new ApiError(422, { error: 'idempotency_key_reused', message: 'Other.' });
    expect(isRetryableUploadError(reused)).toBe(false);
  });
});

describe('progress of one request split across its files', () => {
  // Two files of 100 and 300 bytes after 50 bytes of fields and part headers.
  const sizes = [100, 300];
  const total = 450;

  it('counts the fields and headers first, then each file in order', () => {
    expect(splitProgress(0, total, sizes)).toEqual([0, 0]);
    expect(splitProgress(50, total, sizes)).toEqual([0, 0]);
    expect(splitProgress(100, total, sizes)).toEqual([0.5, 0]);
    expect(splitProgress(150, total, sizes)).toEqual([1, 0]);
    expect(splitProgress(300, total, sizes)).toEqual([1, 0.5]);
    expect(splitProgress(total, total, sizes)).toEqual([1, 1]);
  });

  it('never goes backwards or beyond done, whatever the figures', () => {
    let previous = [0, 0];
    for (let loaded = 0; loaded <= total + 10; loaded += 7) {
      const shares = splitProgress(loaded, total, sizes);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(previous[index] ?? 0);
        expect(share).toBeLessThanOrEqual(1);
      });
      previous = shares;
    }
    expect(splitProgress(10, 0, sizes)).toEqual([0, 0]);
  });
});

describe('uploadOnce', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A stand-in XMLHttpRequest that records what it is sent and answers as told. */
  function fakeXhr(answer: { status: number; body: string } | 'network') {
    const sent: FakeXhr[] = [];
    class FakeXhr {
      method = '';
      url = '';
      withCredentials = false;
      headers: Record<string, string> = {};
      body: unknown;
      status = 0;
      responseText = '';
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        this.body = body;
        sent.push(this);
        queueMicrotask(() => {
          if (answer === 'network') return this.onerror?.();
          this.upload.onprogress?.({
            lengthComputable: true,
            loaded: 5,
            total: 10,
          } as ProgressEvent);
          this.status = answer.status;
          this.responseText = answer.body;
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }

  it('POSTs fields then files with the cookie, reports progress, and parses the answer', async () => {
    const sent = fakeXhr({ status: 201, body: '{"id":"f1"}' });
    const onProgress = vi.fn();
    const result = await uploadOnce({
      path: '/api/things/files',
      files: [new File(['abc'], 'notes.pdf')],
      fields: { description: 'Week 1' },
      parse: (body) => body as { id: string },
      onProgress,
    });
    expect(result).toEqual({ id: 'f1' });
    const [xhr] = sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/things/files', withCredentials: true });
    const parts = [...(xhr?.body as FormData).entries()];
    expect(parts.map(([name]) => name)).toEqual(['description', 'files']);
    expect((parts[1]?.[1] as File).name).toBe('notes.pdf');
    expect(onProgress).toHaveBeenCalledWith(5, 10);
  });

  it("rejects with the server's refusal", async () => {
    fakeXhr({
      status: 413,
      body: '{"error":"file_too_large","message":"File size cannot exceed 5MB"}',
    });
    await expect(uploadOnce(request())).rejects.toMatchObject({
      status: 413,
      error: 'file_too_large',
      message: 'File size cannot exceed 5MB',
    });
  });

  it('rejects with network_error when no answer comes', async () => {
    fakeXhr('network');
    await expect(uploadOnce(request())).rejects.toMatchObject({
      status: 0,
      error: 'network_error',
    });
  });

  it('sends the Idempotency-Key header when the request has one', async () => {
    const sent = fakeXhr({ status: 201, body: '"done"' });
    await uploadOnce(request({ idempotencyKey: 'key-0123456789' }));
    await uploadOnce(request());
    expect(sent[0]?.headers['Idempotency-Key']).toBe('key-0123456789');
    expect(sent[1]?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('builds the body with the chosen part name', () => {
    const form = uploadFormData([new File(['x'], 'a.png')], {}, 'file');
    expect([...form.keys()]).toEqual(['file']);
  });
});
