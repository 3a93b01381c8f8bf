import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar } from './ical.ts';

describe('the iCalendar writer (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes UTC instants without milliseconds', () => {
    expect(utcDateTime(new Date('2026-12-01T14:59:30.123Z'))).toBe('20261201T145930Z');
  });

  it('folds at 75 octets, a space starting each continuation, never inside a character', () => {
    const line = `SUMMARY:${'데이터베이스 과제 '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('makes a calendar an iCalendar library reads back, with its text and instants intact', () => {
    const summary = `수업, 1주; "A\\B"\n${'긴 제목 '.repeat(20)}`;
    const body = writeCalendar({ name: 'Deadlines', stamp: new Date('2026-11-26T00:00:00Z') }, [
      {
        uid: 'task-1@example.com',
        start: new Date('2026-12-01T14:59:00Z'),
        end: new Date('2026-12-01T15:00:00Z'),
        summary,
        description: 'Task due.',
        url: 'https://example.com/workspace/w/notes/n',
        lastModified: new Date('2026-11-20T08:00:00Z'),
      },
    ]);
    expect(body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!,
    );
    expect(event.summary).toBe(summary);
    expect(event.uid).toBe('task-1@example.com');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:59:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });
});
