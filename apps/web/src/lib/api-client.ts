/** Every API path of the server starts with /api/. */
export type ApiPath = `/api/${string}`;

/** The error body every failing API call returns (see the error catalogue in packages/domain). */
export interface ApiErrorBody {
  error: string;
  message: string;
  field?: string;
}

/** A failed API call: the HTTP status plus the server's stable error id and human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly field: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.error = body.error;
    this.field = body.field;
  }
}

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON with the matching Content-Type. */
  json?: unknown;
  /** Sent as is (FormData for uploads, ...). Ignored when `json` is given. */
  body?: BodyInit;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toErrorBody(status: number, value: unknown): ApiErrorBody {
  if (
    isRecord(value) &&
    typeof value['error'] === 'string' &&
    typeof value['message'] === 'string'
  ) {
    const field = value['field'];
    return typeof field === 'string'
      ? { error: value['error'], message: value['message'], field }
      : { error: value['error'], message: value['message'] };
  }
  return { error: 'http_error', message: `Request failed with status ${status}.` };
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

/**
 * Calls the Teamshuffle API with the session cookie and JSON bodies. Resolves with the parsed
 * body (undefined for an empty response) and throws an ApiError for a non-2xx status or a
 * network failure. The result type is the caller's claim; parse it where it matters.
 */
export async function apiFetch<T>(path: ApiPath, init: ApiFetchInit = {}): Promise<T> {
  const { json, body, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  let requestBody: BodyInit | undefined = body;
  if (json !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers: requestHeaders,
      body: requestBody ?? null,
      credentials: 'include',
    });
  } catch (cause) {
    // An aborted request is the caller's decision (TanStack Query cancels), not an error to show.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, {
      error: 'network_error',
      message: 'Network error. Please check your connection and try again.',
    });
  }

  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, payload));
  return payload as T;
}
