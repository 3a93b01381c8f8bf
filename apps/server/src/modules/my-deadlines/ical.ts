// A small writer of RFC 5545 iCalendar text (decision 0027): only what the deadline feed needs.
// Instants are written in UTC (`...Z`), so no VTIMEZONE is needed and every calendar shows each
// deadline at its moment in the reader's own zone.

/** One property line before folding: its name (with parameters) and its already-escaped value. */
type Line = readonly [name: string, value: string];

/** One event of the feed. */
export type IcalEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
  lastModified: Date;
};

/** A TEXT value escaped as RFC 5545 section 3.3.11 says: backslash, `;`, `,` and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME value, e.g. 20261201T145900Z (seconds kept, milliseconds dropped). */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 section 3.1): each continuation starts with one
 * space, which counts toward its 75; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** A whole VCALENDAR of the events, CRLF line ends, ready to send as text/calendar. */
export function writeCalendar(
  { name, stamp }: { name: string; stamp: Date },
  events: readonly IcalEvent[],
): string {
  const lines: Line[] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', '-//Teamshuffle//Deadlines//EN'],
    ['CALSCALE', 'GREGORIAN'],
    ['METHOD', 'PUBLISH'],
    ['X-WR-CALNAME', escapeText(name)],
    // RFC 7986: how often a subscriber should look again (the feed is cached for 5 minutes).
    ['REFRESH-INTERVAL;VALUE=DURATION', 'PT1H'],
    ['X-PUBLISHED-TTL', 'PT1H'],
  ];
  for (const event of events) {
    lines.push(
      ['BEGIN', 'VEVENT'],
      ['UID', escapeText(event.uid)],
      ['DTSTAMP', utcDateTime(stamp)],
      ['DTSTART', utcDateTime(event.start)],
      ['DTEND', utcDateTime(event.end)],
      ['SUMMARY', escapeText(event.summary)],
      ['DESCRIPTION', escapeText(event.description)],
      // URI values are not TEXT: written as they are (an address never holds a line break).
      ['URL', event.url],
      ['LAST-MODIFIED', utcDateTime(event.lastModified)],
      ['TRANSP', 'TRANSPARENT'],
      ['END', 'VEVENT'],
    );
  }
  lines.push(['END', 'VCALENDAR']);
  return `${lines.map(([name, value]) => foldLine(`${name}:${value}`)).join('\r\n')}\r\n`;
}
