import { formatDateTime } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultWindow,
  formatWallTime,
  instantFromSeoulWallTime,
  seoulWallTime,
  windowPhase,
} from './assignment-window';

const START = '2025-03-03T00:00:00.000Z';
const END = '2025-03-05T14:59:00.000Z';

describe('windowPhase', () => {
  it('is upcoming before the start, open inside, ended after the end (as the server decides)', () => {
    const window = { startAt: START, endAt: END };
    expect(windowPhase(window, Date.parse(START) - 1)).toBe('upcoming');
    expect(windowPhase(window, Date.parse(START))).toBe('open');
    expect(windowPhase(window, Date.parse(END))).toBe('open');
    expect(windowPhase(window, Date.parse(END) + 1)).toBe('ended');
  });

  it('treats a missing start or end as open on that side', () => {
    expect(windowPhase({ startAt: null, endAt: null }, 0)).toBe('open');
    expect(windowPhase({ startAt: null, endAt: END }, Date.parse(END) + 1)).toBe('ended');
    expect(windowPhase({ startAt: START, endAt: null }, Date.parse(START) + 1e12)).toBe('open');
  });

  it("reads the server's offset form of an instant", () => {
    const window = { startAt: '2025-03-03T09:00:00+09:00', endAt: null };
    expect(windowPhase(window, Date.parse(START) - 1)).toBe('upcoming');
    expect(windowPhase(window, Date.parse(START))).toBe('open');
  });
});

describe('Seoul wall-clock time for the pickers', () => {
  it('shows an instant as the Seoul wall-clock time', () => {
    expect(seoulWallTime('2025-03-02T15:00:00.000Z')).toBe('2025-03-03 00:00:00');
    expect(seoulWallTime('2025-03-03T23:59:00+09:00')).toBe('2025-03-03 23:59:00');
    expect(seoulWallTime(null)).toBeNull();
    expect(seoulWallTime('not a date')).toBeNull();
  });

  it('stores a picked Seoul time as the instant, with or without seconds', () => {
    expect(instantFromSeoulWallTime('2025-03-03 00:00:00')).toBe('2025-03-02T15:00:00.000Z');
    expect(instantFromSeoulWallTime('2025-03-03 23:59')).toBe('2025-03-03T14:59:00.000Z');
    expect(instantFromSeoulWallTime('2025-03-03T09:30:15')).toBe('2025-03-03T00:30:15.000Z');
    expect(instantFromSeoulWallTime(null)).toBeNull();
    expect(instantFromSeoulWallTime('')).toBeNull();
    expect(instantFromSeoulWallTime('3 March')).toBeNull();
  });

  it('round-trips whatever the browser time zone', () => {
    for (const instant of ['2025-12-31T15:00:00.000Z', '2024-02-29T02:03:04.000Z']) {
      expect(instantFromSeoulWallTime(seoulWallTime(instant))).toBe(instant);
    }
  });

  it('shows a picked value the way the page shows dates (ko-KR, Seoul)', () => {
    expect(formatWallTime('2025-03-03 00:30:00')).toBe(formatDateTime('2025-03-02T15:30:00.000Z'));
    expect(formatWallTime('2025-03-03 00:30:00')).toMatch(/^2025\. 3\. 3\./);
  });
});

describe('defaultWindow', () => {
  it('is today 00:00 to tomorrow 23:59 in Seoul (spec part 2, section 9)', () => {
    // 2025-03-03 23:30 in Seoul is still "today" there, though it is 14:30 UTC.
    const now = Date.parse('2025-03-03T14:30:00.000Z');
    const window = defaultWindow(now);
    expect(seoulWallTime(window.startAt)).toBe('2025-03-03 00:00:00');
    expect(seoulWallTime(window.endAt)).toBe('2025-03-04 23:59:00');
    expect(windowPhase(window, now)).toBe('open');
  });

  it('follows the Seoul calendar day just after midnight there', () => {
    const now = Date.parse('2025-03-03T15:05:00.000Z'); // 00:05 on 4 March in Seoul
    expect(seoulWallTime(defaultWindow(now).startAt)).toBe('2025-03-04 00:00:00');
  });
});

describe("the pickers in the workspace's own zone (issue 26)", () => {
  it('reads and shows wall-clock times in New York, through daylight saving', () => {
    const ny = 'America/New_York';
    expect(seoulWallTime('2026-07-01T03:59:00.000Z', ny)).toBe('2026-06-30 23:59:00');
    expect(instantFromSeoulWallTime('2026-06-30 23:59', ny)).toBe('2026-07-01T03:59:00.000Z');
    expect(instantFromSeoulWallTime('2026-12-31 23:59', ny)).toBe('2027-01-01T04:59:00.000Z');
    expect(formatWallTime('2026-12-31 23:59:00', ny, (instant) => instant)).toBe(
      '2027-01-01T04:59:00.000Z',
    );
  });

  it('opens a new window today 00:00 to tomorrow 23:59 in Berlin', () => {
    // 23:30 UTC on 28 March 2026 is 00:30 on 29 March in Berlin, the day summer time starts.
    const window = defaultWindow(Date.parse('2026-03-28T23:30:00.000Z'), 'Europe/Berlin');
    expect(window).toEqual({
      startAt: '2026-03-28T23:00:00.000Z',
      endAt: '2026-03-30T21:59:00.000Z',
    });
  });
});
