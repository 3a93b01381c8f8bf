import { describe, expect, it } from 'vitest';
import { zipName } from './assignments.export.ts';

type Row = Parameters<typeof zipName>[0];

describe("the ZIP's file name (issue 26, decision 0029)", () => {
  it("carries the day in the workspace's time zone", () => {
    const row = { title: 'Essay' } as Row;
    // 02:56 UTC on 26 November: still the 25th in New York, the 26th in Seoul.
    const now = new Date('2026-11-26T02:56:00Z');
    expect(zipName(row, 1, 'Asia/Seoul', now)).toBe('Assignment 1 - Essay - 2026-11-26.zip');
    expect(zipName(row, 1, 'America/New_York', now)).toBe('Assignment 1 - Essay - 2026-11-25.zip');
  });

  it('makes the title safe, as the CSV downloads do (issue 27)', () => {
    const row = { title: '<b>Essay & Plan</b> 한국어: 1/2' } as Row;
    const now = new Date('2026-11-26T02:56:00Z');
    expect(zipName(row, 3, 'Asia/Seoul', now)).toBe(
      'Assignment 3 - Essay Plan 한국어 1 2 - 2026-11-26.zip',
    );
    expect(zipName({ title: '***' } as Row, 1, 'Asia/Seoul', now)).toBe(
      'Assignment 1 - assignment - 2026-11-26.zip',
    );
  });
});
