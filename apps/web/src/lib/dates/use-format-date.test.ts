import { describe, expect, it } from 'vitest';
import { dateFormat } from './use-format-date';

// The one way the web app shows dates (issue 26, decision 0029): the workspace's zone inside a
// workspace, the viewer's outside, the interface language's format, the zone named where it is
// not the viewer's.

const SEOUL_COURSE = { timeZone: 'Asia/Seoul', semesterStart: '2026-09-07' };
const AT = '2026-11-26T05:56:00Z';

describe('dateFormat', () => {
  it("writes a workspace's dates in its zone and the interface language", () => {
    const en = dateFormat('en', SEOUL_COURSE, 'Asia/Seoul');
    expect(en.timeZone).toBe('Asia/Seoul');
    expect(en.date(AT)).toBe('Nov 26, 2026');
    expect(en.dateTime(AT)).toBe('Nov 26, 2026, 2:56 PM');
    expect(en.zone).toBeNull();
    expect(en.deadline(AT)).toBe('Nov 26, 2026, 2:56 PM');
    const ko = dateFormat('ko', SEOUL_COURSE, 'Asia/Seoul');
    expect(ko.dateTime(AT)).toBe('2026. 11. 26. 오후 2:56');
  });

  it("names the workspace's zone to a viewer elsewhere, next to deadlines too", () => {
    const shown = dateFormat('en', SEOUL_COURSE, 'America/New_York');
    expect(shown.dateTime(AT)).toBe('Nov 26, 2026, 2:56 PM');
    expect(shown.zone).toBe('Asia/Seoul (GMT+9)');
    expect(shown.deadline(AT)).toBe('Nov 26, 2026, 2:56 PM GMT+9');
  });

  it("shows dates outside a workspace in the viewer's own zone", () => {
    const mine = dateFormat('en', null, 'America/New_York');
    expect(mine.timeZone).toBe('America/New_York');
    // 02:56 UTC on 26 November is still the 25th in New York.
    expect(mine.date('2026-11-26T02:56:00Z')).toBe('Nov 25, 2026');
    expect(mine.zone).toBeNull();
  });

  it('names no zone where the viewer is not known (the server), and falls back to Seoul', () => {
    const server = dateFormat('en', { ...SEOUL_COURSE, timeZone: 'America/New_York' }, null);
    expect(server.zone).toBeNull();
    expect(server.deadline(AT)).toBe('Nov 26, 2026, 12:56 AM');
    expect(dateFormat('en', null, null).timeZone).toBe('Asia/Seoul');
  });

  it('ignores a zone this browser does not know rather than failing', () => {
    const shown = dateFormat('en', { ...SEOUL_COURSE, timeZone: 'Mars/Olympus' }, 'Europe/Berlin');
    expect(shown.timeZone).toBe('Europe/Berlin');
  });
});
