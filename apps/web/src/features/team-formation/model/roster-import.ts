import {
  ATTRIBUTE_KEY_MAX,
  ATTRIBUTE_NUMBER_MAX,
  ATTRIBUTE_TEXT_MAX,
  ATTRIBUTES_MAX,
  hasRefusedCharacters,
  memberEmail,
  memberNameForm,
} from '@teamshuffle/domain';
import type { AttributeDefinition, AttributeValue } from './balance';
import type { DraftMember } from './draft';

// Roster import (issue 15): a table (pasted spreadsheet cells or a CSV/TSV file, parsed by
// parse-table.ts) becomes members with an optional e-mail and attribute values. The user says
// what each column is; this module guesses a first answer and builds the members.

/** What a column is used for. */
export type ColumnRole = 'name' | 'email' | 'numeric' | 'categorical' | 'ignore';

/** A column of the table, with what it looks like. */
export type RosterColumn = {
  index: number;
  /** The heading (or 'Column n' without a heading row), trimmed and cut to ATTRIBUTE_KEY_MAX. */
  heading: string;
  /** The first few non-empty values. */
  samples: string[];
  /** Every non-empty value is a number. */
  isNumeric: boolean;
  /** Every non-empty value looks like an e-mail. */
  isEmail: boolean;
  /** Distinct non-empty values. */
  distinct: number;
};

/** The table split into columns and data rows. */
export type RosterTable = { columns: RosterColumn[]; rows: string[][] };

/** What an import would add, and what it leaves out. */
export type RosterImport = {
  members: DraftMember[];
  attributes: AttributeDefinition[];
  /** Rows with no (usable) name. */
  dropped: number;
  /** E-mails that are not valid addresses (the member is kept without one). */
  badEmails: number;
  /** Cells of number columns that are not numbers (left empty). */
  notNumbers: number;
  /** Rows beyond what the list can take. */
  overflow: number;
};

// The snapshot's member-name rule (what the API checks when the teams are saved).
const memberName = memberNameForm.shape.name;
const SAMPLE_COUNT = 3;
const NAME_HEADINGS = /^(name|full ?name|student|member|이름|성명|학생|학생명|성함)$/i;
const EMAIL_HEADINGS = /^(e-?mail|e-?mail address|mail|이메일|메일|전자우편)$/i;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as a number: plain decimal notation (thousands separators allowed), else null. */
export function parseNumber(cell: string): number | null {
  const text = cell.trim().replace(/(\d),(?=\d{3}(\D|$))/g, '$1');
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= ATTRIBUTE_NUMBER_MAX ? value : null;
}

function headingOf(cell: string | undefined, index: number, fallback: (n: number) => string) {
  const text = (cell ?? '')
    .replace(/^\ufeff/, '')
    .trim()
    .slice(0, ATTRIBUTE_KEY_MAX)
    .trim();
  return text === '' || hasRefusedCharacters(text) ? fallback(index + 1) : text;
}

/**
 * Splits parsed rows into columns (headings from the first row when `hasHeader`) and data rows.
 * Headings are made unique ('Skill', 'Skill (2)'); `fallback(n)` names a column without one.
 */
export function readTable(
  parsed: readonly (readonly string[])[],
  hasHeader: boolean,
  fallback: (n: number) => string,
): RosterTable {
  const width = parsed.reduce((max, row) => Math.max(max, row.length), 0);
  const header = hasHeader ? (parsed[0] ?? []) : [];
  const rows = (hasHeader ? parsed.slice(1) : parsed)
    .map((row) => Array.from({ length: width }, (_, k) => (row[k] ?? '').trim()))
    .filter((row) => row.some((cell) => cell !== ''));
  const used = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, index): RosterColumn => {
    let heading = headingOf(header[index], index, fallback);
    const seen = used.get(heading) ?? 0;
    used.set(heading, seen + 1);
    if (seen > 0) heading = `${heading.slice(0, ATTRIBUTE_KEY_MAX - 4)} (${seen + 1})`;
    const values = rows.map((row) => row[index] ?? '').filter((cell) => cell !== '');
    return {
      index,
      heading,
      samples: values.slice(0, SAMPLE_COUNT),
      isNumeric: values.length > 0 && values.every((cell) => parseNumber(cell) !== null),
      isEmail: values.length > 0 && values.every((cell) => LOOKS_LIKE_EMAIL.test(cell)),
      distinct: new Set(values).size,
    };
  });
  return { columns, rows };
}

/** Whether the first row looks like headings: some cell is a known heading, or none is a number. */
export function looksLikeHeader(parsed: readonly (readonly string[])[]): boolean {
  const first = parsed[0] ?? [];
  if (first.some((cell) => NAME_HEADINGS.test(cell.trim()) || EMAIL_HEADINGS.test(cell.trim())))
    return true;
  if (first.some((cell) => LOOKS_LIKE_EMAIL.test(cell.trim()))) return false;
  const second = parsed[1] ?? [];
  // A number under a non-number heading: the first row is headings.
  return first.some(
    (cell, k) => parseNumber(cell) === null && parseNumber(second[k] ?? '') !== null,
  );
}

/**
 * A first answer for each column: the name column by its heading (else the first text column),
 * the e-mail column by heading or content, numbers as numeric attributes, text with few distinct
 * values as categories, the rest ignored.
 */
export function guessRoles(table: RosterTable): ColumnRole[] {
  const { columns, rows } = table;
  const roles: ColumnRole[] = columns.map(() => 'ignore');
  let name = columns.findIndex((column) => NAME_HEADINGS.test(column.heading));
  if (name < 0) name = columns.findIndex((column) => !column.isNumeric && !column.isEmail);
  if (name >= 0) roles[name] = 'name';
  const email = columns.findIndex(
    (column, k) => k !== name && (EMAIL_HEADINGS.test(column.heading) || column.isEmail),
  );
  if (email >= 0) roles[email] = 'email';
  let attributes = 0;
  columns.forEach((column, k) => {
    if (roles[k] !== 'ignore' || column.samples.length === 0 || attributes >= ATTRIBUTES_MAX)
      return;
    // A category repeats its values: at most half as many distinct values as rows, and few.
    const isCategory = column.distinct <= Math.max(2, Math.min(20, rows.length / 2));
    if (column.isNumeric) roles[k] = 'numeric';
    else if (isCategory) roles[k] = 'categorical';
    if (roles[k] !== 'ignore') attributes++;
  });
  return roles;
}

/** One name column at most, one e-mail column at most: choosing one clears the other. */
export function setRole(
  roles: readonly ColumnRole[],
  index: number,
  role: ColumnRole,
): ColumnRole[] {
  return roles.map((current, k) => {
    if (k === index) return role;
    if ((role === 'name' || role === 'email') && current === role) return 'ignore';
    return current;
  });
}

/** Attribute columns whose name the list already has with the other kind. */
export function kindClashes(
  table: RosterTable,
  roles: readonly ColumnRole[],
  existing: readonly AttributeDefinition[],
): RosterColumn[] {
  const kinds = new Map(existing.map((attribute) => [attribute.key, attribute.kind]));
  return table.columns.filter((column, k) => {
    const role = roles[k];
    if (role !== 'numeric' && role !== 'categorical') return false;
    const kind = kinds.get(column.heading);
    return kind !== undefined && kind !== role;
  });
}

/**
 * The members an import adds: rows with no usable name are dropped and counted, duplicate names
 * stay different people, e-mails must be valid addresses, number columns keep numbers only.
 * `room` is how many more members the list takes; `makeId` gives each a fresh id.
 */
export function buildImport(
  table: RosterTable,
  roles: readonly ColumnRole[],
  room: number,
  makeId: () => string,
): RosterImport {
  const nameAt = roles.indexOf('name');
  const emailAt = roles.indexOf('email');
  const attributeColumns = table.columns
    .filter((_, k) => roles[k] === 'numeric' || roles[k] === 'categorical')
    .slice(0, ATTRIBUTES_MAX);
  const attributes: AttributeDefinition[] = attributeColumns.map((column) => ({
    key: column.heading,
    kind: roles[column.index] === 'numeric' ? 'numeric' : 'categorical',
  }));
  const result: RosterImport = {
    members: [],
    attributes,
    dropped: 0,
    badEmails: 0,
    notNumbers: 0,
    overflow: 0,
  };
  if (nameAt < 0) return result;
  for (const row of table.rows) {
    const name = memberName.safeParse(row[nameAt] ?? '');
    if (!name.success || name.data === '') {
      result.dropped++;
      continue;
    }
    if (result.members.length >= room) {
      result.overflow++;
      continue;
    }
    const member: DraftMember = { id: makeId(), name: name.data };
    const emailCell = emailAt >= 0 ? (row[emailAt] ?? '') : '';
    if (emailCell !== '') {
      const email = memberEmail.safeParse(emailCell);
      if (email.success) member.email = email.data;
      else result.badEmails++;
    }
    const values: Record<string, AttributeValue> = {};
    attributeColumns.forEach((column, k) => {
      const cell = row[column.index] ?? '';
      if (cell === '') return;
      if (attributes[k]!.kind === 'numeric') {
        const value = parseNumber(cell);
        if (value === null) result.notNumbers++;
        else values[column.heading] = value;
      } else if (!hasRefusedCharacters(cell)) {
        values[column.heading] = cell.slice(0, ATTRIBUTE_TEXT_MAX).trim();
      }
    });
    if (Object.keys(values).length > 0) member.attributes = values;
    result.members.push(member);
  }
  return result;
}
