import { describe, it, expect } from 'vitest';
import {
  canRetryWrite,
  IDEMPOTENCY_KEY_PATTERN,
  isRetryableWriteFailure,
  writeRetryDelayMs,
} from './retry.ts';

describe('write retries (spec part 2, section 9: 3 tries, 1000 ms times 2 to the attempt)', () => {
  it('waits 1 s then 2 s (spec part 2, section 7)', () => {
    expect(writeRetryDelayMs(0)).toBe(1000);
    expect(writeRetryDelayMs(1)).toBe(2000);
    expect(writeRetryDelayMs(2)).toBe(4000);
  });

  it('never waits less than the base', () => {
    expect(writeRetryDelayMs(-1)).toBe(1000);
  });

  it('allows 3 tries in all', () => {
    expect(canRetryWrite(0)).toBe(true);
    expect(canRetryWrite(1)).toBe(true);
    expect(canRetryWrite(2)).toBe(false);
  });
});

describe('retrying a write sent with an Idempotency-Key (issue 23)', () => {
  it('retries no answer, a server failure and a first try still running', () => {
    expect(isRetryableWriteFailure(0)).toBe(true);
    expect(isRetryableWriteFailure(500)).toBe(true);
    expect(isRetryableWriteFailure(503, 'service_unavailable')).toBe(true);
    expect(isRetryableWriteFailure(409, 'idempotency_request_in_progress')).toBe(true);
  });

  it('does not retry a refusal', () => {
    expect(isRetryableWriteFailure(409, 'conflict')).toBe(false);
    expect(isRetryableWriteFailure(422, 'idempotency_key_reused')).toBe(false);
    expect(isRetryableWriteFailure(400, 'validation_failed')).toBe(false);
    expect(isRetryableWriteFailure(413)).toBe(false);
  });

  it('takes UUIDs as keys and refuses malformed ones', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('0b6f3c1e-8a4e-4f7a-9d7e-2f1c6a5b4d3e')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('short')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has spaces in it')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(129))).toBe(false);
  });
});
