import { WRITE_RETRIES, WRITE_RETRY_BASE_MS } from './constants.ts';

/** Wait before retry number `attempt` (0-based): 1000 ms times two to the power of the attempt. */
export function writeRetryDelayMs(attempt: number): number {
  // spec part 2, section 9: backoff 1000 ms times two to the power of the attempt
  // (section 7: "up to 3 tries, backoff 1 s then 2 s")
  return WRITE_RETRY_BASE_MS * 2 ** Math.max(0, Math.floor(attempt));
}

/** Whether another try may follow try number `attempt` (0-based) of a write (3 tries in all). */
export function canRetryWrite(attempt: number): boolean {
  // spec part 2, section 9: write retries 3
  return attempt + 1 < WRITE_RETRIES;
}

/**
 * The form of an `Idempotency-Key` header (issue 23, decision 0015): 8 to 128 letters, digits,
 * '-', '_', '.' or ':' (a UUID fits).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Whether a failed try of a write sent with an Idempotency-Key is worth another: no answer
 * (status 0), a server failure (5xx), or the server still running the first try of the same key
 * (409 idempotency_request_in_progress). Any other refusal would only be repeated. The key makes
 * the retry safe: a try whose answer was lost is answered again, not done twice.
 */
export function isRetryableWriteFailure(status: number, errorId?: string): boolean {
  return (
    status === 0 ||
    status >= 500 ||
    (status === 409 && errorId === 'idempotency_request_in_progress')
  );
}
