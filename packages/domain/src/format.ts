import {
  BYTES_PER_MB,
  BYTES_PER_UNIT_STEP,
  FILE_SIZE_DECIMALS,
  FILE_SIZE_UNITS,
  STORAGE_DISPLAY_DECIMALS,
  STORAGE_DISPLAY_UNITS,
  STORAGE_QUOTA_BYTES,
  STORAGE_RED_ABOVE_PERCENT,
  STORAGE_YELLOW_ABOVE_PERCENT,
  USAGE_PERCENT_MAX,
} from './constants.ts';

/** Colour of the profile storage bar. */
export type QuotaColor = 'blue' | 'yellow' | 'red';

// Shared rule of both size formats: whole bytes in the smallest unit ('512 B'); every larger unit
// with exactly `decimals` decimals ('1.5 KB', '100.0 MB'). A value that rounds up to a full step
// moves to the next unit ('1.0 MB', not '1024.0 KB'). Negative or non-finite input counts as 0.
function formatSize(bytes: number, units: readonly string[], decimals: number): string {
  let scaled = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  let unit = 0;
  while (unit < units.length - 1 && scaled >= BYTES_PER_UNIT_STEP) {
    scaled /= BYTES_PER_UNIT_STEP;
    unit++;
  }
  if (unit === 0) return `${scaled} ${units[0] ?? ''}`;
  let text = scaled.toFixed(decimals);
  // 1023.96 KB would print as '1024.0 KB'; move it to the next unit instead
  if (Number(text) >= BYTES_PER_UNIT_STEP && unit < units.length - 1) {
    unit++;
    text = (scaled / BYTES_PER_UNIT_STEP).toFixed(decimals);
  }
  return `${text} ${units[unit] ?? ''}`;
}

/** Profile storage size (part 1): B, KB, MB, GB, 1024 per step, 1 decimal above bytes. */
export function formatBytes(bytes: number): string {
  // spec part 1, section 9: units B, KB, MB, GB; 1024 per step; 1 decimal
  return formatSize(bytes, STORAGE_DISPLAY_UNITS, STORAGE_DISPLAY_DECIMALS);
}

/** Workspace file size (part 2): Bytes, KB, MB, GB, 1024 per step, 2 decimals above bytes. */
export function formatFileSize(bytes: number): string {
  // spec part 2, section 9: sizes shown in Bytes, KB, MB, GB with 2 decimals
  return formatSize(bytes, FILE_SIZE_UNITS, FILE_SIZE_DECIMALS);
}

/** Percentage of `total` used, between 0 and 100 (not rounded); a total of 0 or less gives 0. */
export function usagePercent(used: number, total: number): number {
  // spec part 1, section 9: capped at 100; zero total gives 0
  if (!(total > 0) || !(used > 0)) return 0;
  if (!Number.isFinite(total)) return 0;
  return Math.min(USAGE_PERCENT_MAX, (used / total) * 100);
}

/** Colour of the storage bar: red above 80 percent, yellow above 60, otherwise blue. */
export function quotaColor(percent: number): QuotaColor {
  // spec part 1, section 9: yellow above 60 percent, red above 80 percent
  if (percent > STORAGE_RED_ABOVE_PERCENT) return 'red';
  if (percent > STORAGE_YELLOW_ABOVE_PERCENT) return 'yellow';
  return 'blue';
}

/** Whether the 'Storage usage is high' warning shows: together with the red bar, above 80 percent. */
export function isStorageHigh(percent: number): boolean {
  // spec part 1, section 9 pairs the warning with the bar colours; it goes with the red level
  return percent > STORAGE_RED_ABOVE_PERCENT;
}

/** Whether adding `incomingBytes` to `usedBytes` would go over the quota (equal is allowed). */
export function exceedsQuota(
  usedBytes: number,
  incomingBytes: number,
  quotaBytes: number = STORAGE_QUOTA_BYTES,
): boolean {
  // spec part 1, section 5: refused when usage plus the new files would exceed the quota
  return usedBytes + incomingBytes > quotaBytes;
}

/** MB left under the quota, never negative, rounded down to 2 decimals (never overstated). */
export function storageRemainingMb(
  usedBytes: number,
  quotaBytes: number = STORAGE_QUOTA_BYTES,
): number {
  // for 'Storage limit exceeded. You have {n}MB remaining.' (spec part 1, section 8)
  const remaining = Math.max(0, quotaBytes - Math.max(0, usedBytes));
  return Math.floor((remaining / BYTES_PER_MB) * 100) / 100;
}
