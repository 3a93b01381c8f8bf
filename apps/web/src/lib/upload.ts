import { canRetryWrite, isRetryableWriteFailure, writeRetryDelayMs } from '@teamshuffle/domain';
import { ApiError, networkError, newIdempotencyKey, toErrorBody } from './api-client';
import type { ApiPath } from './api-client';

// File uploads: multipart/form-data POSTs to a feature's upload route, through XMLHttpRequest
// because fetch reports no upload progress. Same cookie and error handling as apiFetch.

export interface UploadRequest<T> {
  /** The feature's upload route. */
  path: ApiPath;
  /** The files, each sent as a part named `fileField`. */
  files: readonly File[];
  /** Name of the file parts. Default 'files'. */
  fileField?: string;
  /** Text fields sent with the files (before them: the server reads fields as they come). */
  fields?: Readonly<Record<string, string>>;
  /** Reads the success body (a domain schema's parse); throwing makes the upload fail. */
  parse: (body: unknown) => T;
  /** Bytes of the whole request sent so far, and its size. */
  onProgress?: (loaded: number, total: number) => void;
  /** Aborts the upload (and a pending retry): the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * The `Idempotency-Key` header (decision 0015): `uploadWithRetry` makes one per upload and sends
   * it on every try, so a try whose answer was lost is answered again, not stored twice.
   */
  idempotencyKey?: string;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** Whether a failure is the caller's own cancellation. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The multipart body: text fields first, then the files. */
export function uploadFormData(
  files: readonly File[],
  fields: Readonly<Record<string, string>> = {},
  fileField = 'files',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(fileField, file, file.name);
  return form;
}

/**
 * One try: POSTs the files with the session cookie. Resolves with the parsed body; rejects with
 * an ApiError carrying the server's `{ error, message }` (status 0 'network_error' when no
 * answer came), or with an AbortError when `signal` aborts.
 */
export function uploadOnce<T>(request: UploadRequest<T>): Promise<T> {
  const { path, files, fields, fileField, parse, onProgress, signal, idempotencyKey } = request;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey !== undefined) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parse(body));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else {
        reject(new ApiError(xhr.status, toErrorBody(xhr.status, body)));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(uploadFormData(files, fields, fileField));
  });
}

/**
 * Whether a failed try is worth another: no answer (network), a server failure (5xx), or the
 * first try of the same key still running (409). Any other 4xx is a refusal (type, size, quota,
 * permission) that a retry would only repeat.
 */
export function isRetryableUploadError(error: unknown): boolean {
  return error instanceof ApiError && isRetryableWriteFailure(error.status, error.error);
}

/** The pauses between tries: 1 s, then 2 s, for 3 tries in all (spec part 2, section 9). */
export function uploadRetryDelays(): number[] {
  const delays: number[] = [];
  for (let attempt = 0; canRetryWrite(attempt); attempt++) delays.push(writeRetryDelayMs(attempt));
  return delays;
}

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  /** One try (uploadOnce; replaced in tests). */
  send?: <T>(request: UploadRequest<T>) => Promise<T>;
  /** The pause between tries (pause; replaced in tests). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each retry: its number (2 or 3) and the pause before it. */
  onRetry?: (tryNumber: number, delayMs: number) => void;
}

/**
 * An upload with the spec's retries: a try that fails for the network or a 5xx is repeated after
 * 1 s, then 2 s (3 tries in all); a refusal or a cancellation ends it at once. Every try carries
 * the same Idempotency-Key (the request's, or one made here for this upload).
 */
export async function uploadWithRetry<T>(
  request: UploadRequest<T>,
  { send = uploadOnce, wait = pause, onRetry }: RetryOptions = {},
): Promise<T> {
  const delays = uploadRetryDelays();
  const keyed = { ...request, idempotencyKey: request.idempotencyKey ?? newIdempotencyKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(keyed);
    } catch (error) {
      const delay = delays[attempt];
      if (!isRetryableUploadError(error) || delay === undefined) throw error;
      onRetry?.(attempt + 2, delay);
      await wait(delay, request.signal);
    }
  }
}

/**
 * Each file's share (0 to 1) of one request's progress. The files follow the text fields and part
 * headers in the body, so the bytes beyond the files' own sizes are counted first; a file is done
 * once every byte up to its end is sent.
 */
export function splitProgress(loaded: number, total: number, sizes: readonly number[]): number[] {
  const filesBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return sizes.map(() => 0);
  if (loaded >= total) return sizes.map(() => 1);
  const sent = Math.max(0, loaded - Math.max(0, total - filesBytes));
  let before = 0;
  return sizes.map((size) => {
    const share = size === 0 ? (sent >= before ? 1 : 0) : (sent - before) / size;
    before += size;
    return Math.min(1, Math.max(0, share));
  });
}
