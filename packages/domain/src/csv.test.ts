import { describe, expect, it } from 'vitest';
import { spreadsheetSafe, toCsv } from './csv.ts';

describe('CSV for spreadsheets', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const value of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
    }
    for (const value of ['Team 1', '김민준', '1-2', 'a=b', '']) {
      expect(spreadsheetSafe(value)).toBe(value);
    }
  });

  it('quotes what needs quoting and keeps numbers as numbers', () => {
    const csv = toCsv([
      ['name', 'score'],
      ['Kim, Min-jun', 95.5],
      ['He said "hi"', null],
      ['=HYPERLINK("x")', -1],
    ]);
    expect(csv).toBe(
      '\ufeffname,score\r\n"Kim, Min-jun",95.5\r\n"He said ""hi""",\r\n"\'=HYPERLINK(""x"")",-1\r\n',
    );
  });
});
