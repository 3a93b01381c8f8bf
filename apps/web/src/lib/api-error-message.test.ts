// @vitest-environment jsdom
import { errors } from '@teamshuffle/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { TRANSLATED_ERROR_IDS, apiErrorMessage } from './api-error-message';
import { i18n } from './i18n';
import { templateValues } from './template-values';

const ko = i18n.getFixedT('ko');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('apiErrors translations', () => {
  it("are, in English, the catalogue's messages ({n} written {{n}})", () => {
    for (const id of TRANSLATED_ERROR_IDS) {
      if (id === 'network_error' || id === 'unexpected_response') continue;
      expect(i18n.template('en', `apiErrors.${id}`), id).toBe(
        errors[id].message.replace(/\{(\w+)\}/g, '{{$1}}'),
      );
      expect(ko(`apiErrors.${id}`), id).toMatch(/[가-힣]/);
    }
  });
});

describe('apiErrorMessage', () => {
  const storageFull = new ApiError(413, {
    error: 'storage_limit_exceeded',
    message: 'Storage limit exceeded. You have 12.5MB remaining.',
  });

  it("shows the server's words in English", () => {
    expect(apiErrorMessage(storageFull, 'fallback')).toBe(storageFull.message);
  });

  it("translates them in Korean, with the server's figures", async () => {
    await i18n.changeLanguage('ko');
    expect(apiErrorMessage(storageFull, 'fallback')).toBe(
      '저장 공간 한도를 넘었습니다. 남은 용량은 12.5MB입니다.',
    );
    const wrongType = new ApiError(415, {
      error: 'file_type_not_allowed',
      message: 'setup.exe: Only PDF, DOCX files are allowed',
    });
    expect(apiErrorMessage(wrongType, 'fallback')).toBe(
      'setup.exe: PDF, DOCX 파일만 올릴 수 있습니다',
    );
  });

  it("keeps the server's words when they are not the catalogue's template", async () => {
    await i18n.changeLanguage('ko');
    const custom = new ApiError(413, { error: 'file_too_large', message: 'Some files are big' });
    expect(apiErrorMessage(custom, 'fallback')).toBe('Some files are big');
  });

  it("words the client's own failures itself", async () => {
    const odd = new ApiError(502, { error: 'unexpected_response', message: 'whatever' });
    expect(apiErrorMessage(odd, 'fallback')).toBe('Request failed with status 502.');
    await i18n.changeLanguage('ko');
    expect(apiErrorMessage(odd, 'fallback')).toContain('502');
    expect(apiErrorMessage(new Error('bug'), 'fallback')).toBe('fallback');
  });
});

describe('templateValues', () => {
  it('reads the placeholders back from a filled text', () => {
    expect(templateValues('{{file}}: Only {{types}} files', 'a.b: Only PDF, X files')).toEqual({
      file: 'a.b',
      types: 'PDF, X',
    });
    expect(templateValues('You have {{n}}MB left.', 'You have 3MB left!')).toBeNull();
    expect(templateValues('Max {max} (x)', 'Max 5 (x)', /\{(\w+)\}/)).toEqual({ max: '5' });
  });
});
