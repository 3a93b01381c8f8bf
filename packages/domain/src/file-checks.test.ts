import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB } from './constants.ts';
import {
  allowedTypesText,
  fileRefusalMessage,
  fileRefusals,
  joinRefusals,
  megabytesText,
} from './file-checks.ts';

const RULE = { allowedTypes: ['pdf', 'docx'], maxFileBytes: 5 * BYTES_PER_MB };

describe('file checks before upload', () => {
  it('accepts an allowed type within the size, whatever the case of the extension', () => {
    expect(fileRefusals({ name: 'Report.PDF', size: 5 * BYTES_PER_MB }, RULE)).toEqual([]);
  });

  it("refuses another type with the file's name and the spec's words", () => {
    const [refusal] = fileRefusals({ name: 'setup.exe', size: 10 }, RULE);
    expect(refusal && fileRefusalMessage(refusal)).toBe(
      'setup.exe: Only PDF, DOCX files are allowed',
    );
    // No extension at all is not an allowed type either.
    expect(fileRefusals({ name: 'pdf', size: 10 }, RULE)).toHaveLength(1);
  });

  it('refuses a file one byte over the limit', () => {
    const refusals = fileRefusals({ name: 'big.pdf', size: 5 * BYTES_PER_MB + 1 }, RULE);
    expect(refusals.map(fileRefusalMessage)).toEqual(['File size cannot exceed 5MB']);
  });

  it('refuses an empty file as empty, as the API does (issue 27)', () => {
    const refusals = fileRefusals({ name: 'notes.pdf', size: 0 }, RULE);
    expect(refusals.map(fileRefusalMessage)).toEqual([
      'notes.pdf is empty (0 bytes): choose a file with content',
    ]);
    expect(fileRefusals({ name: 'one.pdf', size: 1 }, RULE)).toEqual([]);
  });

  it('gives both refusals of a file, type first, joined by newlines', () => {
    const refusals = fileRefusals({ name: 'movie.mov', size: 6 * BYTES_PER_MB }, RULE);
    expect(joinRefusals(refusals.map(fileRefusalMessage))).toBe(
      'movie.mov: Only PDF, DOCX files are allowed\nFile size cannot exceed 5MB',
    );
  });

  it('writes sizes and types as the API does', () => {
    expect(megabytesText(100 * BYTES_PER_MB)).toBe('100');
    expect(megabytesText(1.25 * BYTES_PER_MB)).toBe('1.3');
    expect(megabytesText(-1)).toBe('0');
    expect(allowedTypesText(['pdf', 'jpg'])).toBe('PDF, JPG');
  });
});
