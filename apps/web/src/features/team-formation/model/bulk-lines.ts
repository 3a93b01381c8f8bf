import { memberNameForm } from '@teamshuffle/domain';
import type { z } from 'zod';

/** A line of Bulk Add that the member-name rule refuses: its number (from 1) and its text. */
export type BulkLineProblem = { line: number; text: string; issue: z.core.$ZodIssue };

/** How much of a refused line's text names it ("Line 4 ("Christopher xxxxxxxx…")"). */
export const LINE_START_LENGTH = 20;

/**
 * Bulk Add's text line by line (spec part 1, section 5: one name per line, blank lines dropped):
 * the names the member-name rule accepts, and the lines it refuses, numbered as the text box
 * shows them (blank lines count), so a refusal can name its line (issue 27).
 */
export function readBulkLines(text: string): { names: string[]; problems: BulkLineProblem[] } {
  const names: string[] = [];
  const problems: BulkLineProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const result = memberNameForm.shape.name.safeParse(line);
    if (result.success) names.push(result.data);
    else problems.push({ line: index + 1, text: line, issue: result.error.issues[0]! });
  });
  return { names, problems };
}

/** The start of a line's text, cut with an ellipsis when longer than LINE_START_LENGTH. */
export function lineStart(text: string): string {
  const chars = [...text];
  return chars.length > LINE_START_LENGTH ? `${chars.slice(0, LINE_START_LENGTH).join('')}…` : text;
}
