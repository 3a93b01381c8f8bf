/**
 * A text cell a spreadsheet will not run: one that begins with `=`, `+`, `-` or `@` (or a tab or
 * carriage return, which some spreadsheets skip before those) gets a leading apostrophe, OWASP's
 * advice against CSV injection. Other text is unchanged.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * CSV text for a spreadsheet or a gradebook import: a UTF-8 byte-order mark (Excel then reads
 * Korean names right), CRLF line ends, RFC 4180 quoting, and text cells made safe from formulas.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\ufeff${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
