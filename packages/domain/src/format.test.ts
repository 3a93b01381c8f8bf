import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  exceedsQuota,
  formatBytes,
  formatFileSize,
  isStorageHigh,
  quotaColor,
  storageRemainingMb,
  usagePercent,
} from './format.ts';
import { STORAGE_QUOTA_BYTES } from './constants.ts';

// The property runs a fixed number of cases (its numRuns). It takes under 0.1 s idle on the 2-core
// dev machine (2000 runs); 10x that would be under a second, where start-up and a loaded scheduler
// matter more than the runs, so the timeout is Vitest's 5 s default, stated so it is deliberate.
const PROPERTY_TIMEOUT_MS = 5_000;

describe('formatBytes (spec part 1, section 9: B, KB, MB, GB; 1024 per step; 1 decimal)', () => {
  it('shows whole bytes below 1 KB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('steps by 1024 with one decimal', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(STORAGE_QUOTA_BYTES)).toBe('100.0 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });

  it('moves to the next unit instead of printing 1024.0', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  });

  it('stays in GB beyond the last unit', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2048.0 GB');
  });

  it('treats negative and non-finite input as 0', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('formatFileSize (spec part 2, section 9: Bytes, KB, MB, GB with 2 decimals)', () => {
  it('shows whole Bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
  });

  it('shows two decimals from KB up', () => {
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
  });

  it('moves to the next unit instead of printing 1024.00', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MB');
  });
});

describe('usagePercent (spec part 1, section 9: capped at 100; zero total gives 0)', () => {
  it('is the share of the total in percent', () => {
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(STORAGE_QUOTA_BYTES / 2, STORAGE_QUOTA_BYTES)).toBe(50);
  });

  it('is capped at 100', () => {
    expect(usagePercent(150, 100)).toBe(100);
  });

  it('gives 0 for a zero or negative total', () => {
    expect(usagePercent(10, 0)).toBe(0);
    expect(usagePercent(10, -1)).toBe(0);
  });

  it('is never negative', () => {
    expect(usagePercent(-10, 100)).toBe(0);
  });

  it('always lies within 0..100 (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (used, total) => {
        const p = usagePercent(used, total);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('quotaColor and isStorageHigh (spec part 1, section 9: yellow above 60, red above 80)', () => {
  it('is blue up to and including 60', () => {
    expect(quotaColor(0)).toBe('blue');
    expect(quotaColor(60)).toBe('blue');
  });

  it('is yellow above 60 up to and including 80', () => {
    expect(quotaColor(60.1)).toBe('yellow');
    expect(quotaColor(80)).toBe('yellow');
  });

  it('is red above 80', () => {
    expect(quotaColor(80.1)).toBe('red');
    expect(quotaColor(100)).toBe('red');
  });

  it('shows the high-usage warning with the red level only', () => {
    expect(isStorageHigh(80)).toBe(false);
    expect(isStorageHigh(80.1)).toBe(true);
    expect(isStorageHigh(60.1)).toBe(false);
  });
});

describe('exceedsQuota (spec part 1, section 5: usage plus new files would exceed the quota)', () => {
  it('allows reaching the quota exactly', () => {
    expect(exceedsQuota(STORAGE_QUOTA_BYTES - 100, 100)).toBe(false);
  });

  it('refuses one byte over', () => {
    expect(exceedsQuota(STORAGE_QUOTA_BYTES - 100, 101)).toBe(true);
  });

  it('takes a custom quota', () => {
    expect(exceedsQuota(5, 6, 10)).toBe(true);
    expect(exceedsQuota(5, 5, 10)).toBe(false);
  });
});

describe('storageRemainingMb', () => {
  it('is the free space in MB', () => {
    expect(storageRemainingMb(0)).toBe(100);
    expect(storageRemainingMb(STORAGE_QUOTA_BYTES - 5 * 1024 * 1024)).toBe(5);
  });

  it('rounds down to 2 decimals', () => {
    // 1 MB minus one byte left: 0.99999... MB, shown as 0.99, never as 1
    expect(storageRemainingMb(STORAGE_QUOTA_BYTES - 1024 * 1024 + 1)).toBe(0.99);
  });

  it('is never negative', () => {
    expect(storageRemainingMb(STORAGE_QUOTA_BYTES + 1)).toBe(0);
  });
});
