import { describe, expect, it } from 'vitest';
import { lineStart, readBulkLines } from './bulk-lines';

describe('readBulkLines', () => {
  it('keeps the names the rule accepts and numbers refused lines as the text box shows them', () => {
    const long = 'y'.repeat(101);
    const { names, problems } = readBulkLines(`  Ann \r\n\n${long}\nBo\n   \n${long}`);
    expect(names).toEqual(['Ann', 'Bo']);
    expect(problems.map(({ line, text }) => ({ line, text }))).toEqual([
      { line: 3, text: long },
      { line: 6, text: long },
    ]);
    expect(problems[0]?.issue.message).toBe('This can be at most 100 characters');
  });

  it('accepts exactly 100 characters', () => {
    expect(readBulkLines('z'.repeat(100)).names).toHaveLength(1);
  });
});

describe('lineStart', () => {
  it('cuts after 20 characters with an ellipsis, whole characters only', () => {
    expect(lineStart('short')).toBe('short');
    expect(lineStart('a'.repeat(20))).toBe('a'.repeat(20));
    expect(lineStart('가'.repeat(25))).toBe(`${'가'.repeat(20)}…`);
    expect(lineStart('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}…`);
  });
});
