import { describe, it, expect } from 'vitest';
import { canRetryWrite, writeRetryDelayMs } from './retry.ts';

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
