import { describe, expect, it } from 'vitest';
import { parseTable, readRosterFile } from './parse-table';
import {
  buildImport,
  guessRoles,
  kindClashes,
  looksLikeHeader,
  parseNumber,
  readTable,
  setRole,
} from './roster-import';

const fallback = (n: number) => `Column ${n}`;

function counter() {
  let next = 0;
  return () => `r${++next}`;
}

describe('reading a roster', () => {
  it('reads pasted spreadsheet cells (tabs), quoted cells and Korean text', async () => {
    const rows = await parseTable(
      '이름\t이메일\t성별\n김민지\tminji@example.com\t여\n"Park, Alex"\t\t남\n',
    );
    expect(rows).toEqual([
      ['이름', '이메일', '성별'],
      ['김민지', 'minji@example.com', '여'],
      ['Park, Alex', '', '남'],
    ]);
  });

  it('reads CSV with Excel’s byte-order mark, CRLF lines and a quoted comma', async () => {
    const rows = await parseTable('\ufeffName,Skill\r\n"Kim, Minji",4\r\n\r\nLee,3\r\n');
    expect(rows).toEqual([
      ['Name', 'Skill'],
      ['Kim, Minji', '4'],
      ['Lee', '3'],
    ]);
  });

  it('decodes UTF-8 with the mark, falls back to EUC-KR, and refuses what is not text', async () => {
    const utf8 = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), '이름\n김민지\n']);
    expect(await readRosterFile(utf8)).toEqual({ text: '이름\n김민지\n' });
    // '이름' in EUC-KR.
    const eucKr = new Blob([new Uint8Array([0xc0, 0xcc, 0xb8, 0xa7, 0x0a])]);
    expect(await readRosterFile(eucKr)).toEqual({ text: '이름\n' });
    const binary = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]);
    expect(await readRosterFile(binary)).toEqual({ problem: 'notText' });
    const huge = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]);
    expect(await readRosterFile(huge)).toEqual({ problem: 'tooLarge' });
  });
});

describe('columns and their uses', () => {
  const parsed = [
    ['Name', 'E-mail', 'Gender', 'Skill', 'Note'],
    ['Ada', 'ada@example.com', 'F', '4', 'likes maths'],
    ['Ben', 'ben@example.com', 'M', '3.5', 'late'],
    ['Cy', '', 'M', '2', 'new'],
    ['Dee', 'dee@example.com', 'F', '1,000', 'x'],
  ];

  it('detects headings, numbers and e-mails, and guesses each column’s use', () => {
    expect(looksLikeHeader(parsed)).toBe(true);
    expect(looksLikeHeader(parsed.slice(1))).toBe(false);
    const table = readTable(parsed, true, fallback);
    expect(table.columns.map((column) => column.heading)).toEqual([
      'Name',
      'E-mail',
      'Gender',
      'Skill',
      'Note',
    ]);
    expect(table.columns[3]).toMatchObject({ isNumeric: true, samples: ['4', '3.5', '2'] });
    expect(guessRoles(table)).toEqual(['name', 'email', 'categorical', 'numeric', 'ignore']);
  });

  it('names columns without a heading, and makes repeated headings unique', () => {
    const table = readTable(
      [
        ['A', 'A'],
        ['x', 'y'],
      ],
      true,
      fallback,
    );
    expect(table.columns.map((column) => column.heading)).toEqual(['A', 'A (2)']);
    const headless = readTable([['Ada', '3']], false, fallback);
    expect(headless.columns.map((column) => column.heading)).toEqual(['Column 1', 'Column 2']);
    expect(guessRoles(headless)).toEqual(['name', 'numeric']);
  });

  it('keeps one name and one e-mail column', () => {
    expect(setRole(['name', 'email', 'ignore'], 2, 'name')).toEqual(['ignore', 'email', 'name']);
    expect(setRole(['name', 'email', 'ignore'], 2, 'numeric')).toEqual([
      'name',
      'email',
      'numeric',
    ]);
  });

  it('reads numbers in plain notation only', () => {
    expect(parseNumber(' 4 ')).toBe(4);
    expect(parseNumber('-2.5')).toBe(-2.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('4점')).toBeNull();
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1e12')).toBeNull();
  });
});

describe('building the import', () => {
  it('drops and counts rows without a name, keeps repeated names, checks e-mails and numbers', () => {
    const table = readTable(
      [
        ['Name', 'Email', 'Skill', 'Gender'],
        ['Ada', 'ada@example.com', '4', 'F'],
        ['', 'ghost@example.com', '3', 'M'],
        ['Ada', 'not-an-email', 'high', ''],
        ['  ', '', '', 'M'],
        ['Ben', '', '2', 'M'],
      ],
      true,
      fallback,
    );
    // 'high' is no number, so Skill is not guessed numeric: the user says it is.
    expect(guessRoles(table)).toEqual(['name', 'email', 'ignore', 'categorical']);
    const roles = setRole(guessRoles(table), 2, 'numeric');
    const built = buildImport(table, roles, 1000, counter());
    expect(built.attributes).toEqual([
      { key: 'Skill', kind: 'numeric' },
      { key: 'Gender', kind: 'categorical' },
    ]);
    expect(built.members).toEqual([
      {
        id: 'r1',
        name: 'Ada',
        email: 'ada@example.com',
        attributes: { Skill: 4, Gender: 'F' },
      },
      { id: 'r2', name: 'Ada' },
      { id: 'r3', name: 'Ben', attributes: { Skill: 2, Gender: 'M' } },
    ]);
    expect(built).toMatchObject({ dropped: 2, badEmails: 1, notNumbers: 1, overflow: 0 });
  });

  it('takes no more rows than the list has room for', () => {
    const table = readTable([['Name'], ['A'], ['B'], ['C']], true, fallback);
    const built = buildImport(table, ['name'], 2, counter());
    expect(built.members.map((member) => member.name)).toEqual(['A', 'B']);
    expect(built.overflow).toBe(1);
  });

  it('finds a column whose name the list already has with the other kind', () => {
    const table = readTable(
      [
        ['Name', 'Skill'],
        ['A', 'high'],
      ],
      true,
      fallback,
    );
    expect(
      kindClashes(table, ['name', 'categorical'], [{ key: 'Skill', kind: 'numeric' }]).map(
        (column) => column.heading,
      ),
    ).toEqual(['Skill']);
    expect(kindClashes(table, ['name', 'ignore'], [{ key: 'Skill', kind: 'numeric' }])).toEqual([]);
  });
});
