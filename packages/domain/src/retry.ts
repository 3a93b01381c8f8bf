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
