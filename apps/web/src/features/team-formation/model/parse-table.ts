// Reading a roster for Import (issue 15): pasted spreadsheet cells or a CSV/TSV file, Korean
// included. papaparse is loaded only when a table is read, so /app does not download it up
// front.

/** Largest roster file Import reads. */
export const ROSTER_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a file could not be read. */
export type RosterFileProblem = 'tooLarge' | 'notText' | 'unreadable';

/**
 * The text of a roster file: UTF-8 (Excel's byte-order mark dropped), or EUC-KR (what Korean
 * Excel saves as plain CSV) when the bytes are not UTF-8. A file with NUL bytes is not text
 * (a spreadsheet's own format, say): refused by content, whatever its name.
 */
export async function readRosterFile(
  file: Blob,
): Promise<{ text: string } | { problem: RosterFileProblem }> {
  if (file.size > ROSTER_FILE_MAX_BYTES) return { problem: 'tooLarge' };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { problem: 'unreadable' };
  }
  if (bytes.includes(0)) return { problem: 'notText' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    try {
      return { text: new TextDecoder('euc-kr', { fatal: true }).decode(bytes) };
    } catch {
      return { problem: 'notText' };
    }
  }
}

/**
 * Rows of cells from CSV, TSV or pasted cells (the delimiter is detected: comma, tab,
 * semicolon); quoted cells may hold delimiters and line breaks; blank lines are skipped.
 */
export async function parseTable(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const clean = text.replace(/^\ufeff/, '');
  const result = Papa.parse<string[]>(clean, {
    delimiter: '',
    delimitersToGuess: ['\t', ',', ';', '|'],
    skipEmptyLines: 'greedy',
  });
  return result.data.map((row) => row.map((cell) => cell.trim()));
}
