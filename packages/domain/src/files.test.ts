import { describe, it, expect } from 'vitest';
import { fileExtension, hasAllowedExtension, isImageFileName, safeFileBase } from './files.ts';
import { ASSIGNMENT_DEFAULT_ALLOWED_TYPES, TASK_ALLOWED_TYPES } from './constants.ts';

describe('fileExtension', () => {
  it('gives the lowercase extension after the last dot', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('a/b.c/notes.txt')).toBe('txt');
  });

  it('is empty without an extension', () => {
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('dir.d/file')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('hasAllowedExtension (spec part 2, section 5: extension in the allowed list)', () => {
  it('accepts listed types in any case', () => {
    expect(hasAllowedExtension('essay.DOCX', TASK_ALLOWED_TYPES)).toBe(true);
    expect(hasAllowedExtension('essay.pdf', ASSIGNMENT_DEFAULT_ALLOWED_TYPES)).toBe(true);
  });

  it('refuses other types and names without extension', () => {
    expect(hasAllowedExtension('archive.zip', TASK_ALLOWED_TYPES)).toBe(false);
    expect(hasAllowedExtension('essay.docx', ASSIGNMENT_DEFAULT_ALLOWED_TYPES)).toBe(false);
    expect(hasAllowedExtension('pdf', ['pdf'])).toBe(false);
  });
});

describe('isImageFileName (spec part 2, section 5: image attachments)', () => {
  it('knows the seven image types', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.bmp', 'a.webp', 'a.svg']) {
      expect(isImageFileName(name)).toBe(true);
    }
  });

  it('rejects other files', () => {
    expect(isImageFileName('a.pdf')).toBe(false);
    expect(isImageFileName('a.tiff')).toBe(false);
  });
});

describe('safeFileBase', () => {
  it('keeps letters of any script, digits, spaces and dashes; drops markup and the rest', () => {
    expect(safeFileBase('<b>A & B</b> 한국어')).toBe('A B 한국어');
    expect(safeFileBase('Design, 2026 - Week 3')).toBe('Design 2026 - Week 3');
    expect(safeFileBase('../../etc/passwd\u0000"x"')).toBe('etc passwd x');
    expect(safeFileBase('Café  Ünïcode\t1')).toBe('Café Ünïcode 1');
  });

  it('falls back when nothing is left', () => {
    expect(safeFileBase('<i></i> & !!')).toBe('download');
    expect(safeFileBase('***', 'workspace')).toBe('workspace');
  });
});
