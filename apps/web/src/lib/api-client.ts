import type { ErrorId, OnBehalfQuery } from '@teamshuffle/domain';
import { canRetryWrite, isRetryableWriteFailure, writeRetryDelayMs } from '@teamshuffle/domain';

/** Every API path of the server starts with /api/. */
export type ApiPath = `/api/${string}`;

/** A hand-in's path with its query (domain `onBehalfQuery`): the team the owner hands in for. */
export function handInPath(path: ApiPath, { onBehalfOf }: OnBehalfQuery): ApiPath {
  return onBehalfOf === undefined ? path : `${path}?onBehalfOf=${encodeURIComponent(onBehalfOf)}`;
}

/**
 * The client's own ids, for failures the API never answered: the network (or the server) could
 * not be reached, or the answer was not an error body of the API (a proxy's HTML page, say).
 */
export type ClientErrorId = 'network_error' | 'unexpected_response';

/** What `ApiError.error` can be: an id of the domain's error catalogue, or one of the client's. */
export type ApiErrorId = ErrorId | ClientErrorId;

/** A failed call as the client keeps it (the API's body is `apiErrorBody` in the domain). */
export interface ApiErrorBody {
  error: ApiErrorId;
  message: string;
  field?: string | undefined;
}

/** A failed API call: the HTTP status plus the server's stable error id and human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: ApiErrorId;
  readonly field: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.error = body.error;
    this.field = body.field;
  }
}

/** The failure of a request that got no answer (offline, server unreachable). */
export function networkError(): ApiError {
  return new ApiError(0, {
    error: 'network_error',
    message: 'Network error. Please check your connection and try again.',
  });
}

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON with the matching Content-Type. */
  json?: unknown;
  /** Sent as is (FormData for uploads, ...). Ignored when `json` is given. */
  body?: BodyInit;
  /**
   * Sent as the `Idempotency-Key` header: one key per user action, the same on every retry of it,
   * so a retry whose first try did reach the server gets that try's answer instead of doing it
   * twice (decision 0015).
   */
  idempotencyKey?: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Error ids are lower snake_case (the catalogue's keys).
const ERROR_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Reads an error answer by hand (zod stays out of the first page's bundle): `{ error, message,
 * field? }` as the domain's `apiErrorBody` describes it. The id is taken as the catalogue's:
 * every error the server sends goes through its one emitter, which only takes `ErrorId`s
 * (apps/server/src/plugins/errors.ts, and the auth bridge's mapping of Better Auth's codes).
 * Anything else is an 'unexpected_response'.
 */
export function toErrorBody(status: number, value: unknown): ApiErrorBody {
  if (
    isRecord(value) &&
    typeof value['error'] === 'string' &&
    ERROR_ID.test(value['error']) &&
    typeof value['message'] === 'string'
  ) {
    const error = value['error'] as ErrorId;
    const field = value['field'];
    return typeof field === 'string'
      ? { error, message: value['message'], field }
      : { error, message: value['message'] };
  }
  return { error: 'unexpected_response', message: `Request failed with status ${status}.` };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How a request reaches the API: the browser's fetch, or the server's own (below). */
export type ApiTransport = (path: ApiPath, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Sends the API calls through `next` instead of the browser's fetch: the server's renderer of
 * the signed-in pages (src/app/prerender.tsx) answers them from the server itself, with the
 * visitor's cookie.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Calls the Teamshuffle API with the session cookie and JSON bodies. Resolves with the parsed
 * body (undefined for an empty response) and throws an ApiError for a non-2xx status or a
 * network failure. The result type is the caller's claim; parse it where it matters.
 */
export async function apiFetch<T>(path: ApiPath, init: ApiFetchInit = {}): Promise<T> {
  const { json, body, headers, idempotencyKey, ...rest } = init;
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  if (idempotencyKey !== undefined) requestHeaders.set('Idempotency-Key', idempotencyKey);
  let requestBody: BodyInit | undefined = body;
  if (json !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await transport(path, {
      ...rest,
      headers: requestHeaders,
      body: requestBody ?? null,
      credentials: 'include',
    });
  } catch (cause) {
    // An aborted request is the caller's decision (TanStack Query cancels), not an error to show.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }

  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, payload));
  return payload as T;
}

/** A new Idempotency-Key: a random UUID (decision 0015). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; the bytes alone do not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The key of each mutation call still on its way, by the call's variables (the same object on
// every retry of the call; a new call passes new variables).
const keysOfCalls = new WeakMap<object, string>();

/**
 * A mutation's fetcher that sends one Idempotency-Key per call: made on the call's first try,
 * sent again on each retry (TanStack Query passes the same variables), dropped once the call
 * succeeds. After a call that failed for good, sending the same variables again reuses the key,
 * so the server answers with the first try's result if that try did go through.
 */
export function withIdempotencyKey<V extends object, R>(
  send: (variables: V, idempotencyKey: string) => Promise<R>,
): (variables: V) => Promise<R> {
  return async (variables) => {
    let key = keysOfCalls.get(variables);
    if (key === undefined) {
      key = newIdempotencyKey();
      keysOfCalls.set(variables, key);
    }
    const result = await send(variables, key);
    keysOfCalls.delete(variables);
    return result;
  };
}

/**
 * The retries of a mutation sent with an Idempotency-Key (spread into `useMutation`): no answer,
 * a 5xx, or the first try still running (409 idempotency_request_in_progress) is tried again after
 * 1 s, then 2 s, 3 tries in all (spec part 2, section 9); a refusal is not.
 */
export const idempotentRetry = {
  retry: (failureCount: number, error: Error): boolean =>
    error instanceof ApiError &&
    isRetryableWriteFailure(error.status, error.error) &&
    canRetryWrite(failureCount),
  retryDelay: (failureCount: number): number => writeRetryDelayMs(failureCount),
};
