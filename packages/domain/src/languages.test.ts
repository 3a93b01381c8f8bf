import { describe, expect, it } from 'vitest';
import { languageFromCookie, languageOfBrowser } from './languages.ts';

describe('languages', () => {
  it('reads the chosen language from a cookie header, ignoring other values', () => {
    expect(languageFromCookie('a=1; language=ko; b=2')).toBe('ko');
    expect(languageFromCookie('language=en')).toBe('en');
    expect(languageFromCookie('language=fr; xlanguage=ko')).toBeNull();
    expect(languageFromCookie('')).toBeNull();
  });

  it('picks Korean for a browser whose first language is Korean, else English', () => {
    expect(languageOfBrowser('ko-KR')).toBe('ko');
    expect(languageOfBrowser(' KO')).toBe('ko');
    expect(languageOfBrowser('en-US')).toBe('en');
    expect(languageOfBrowser(undefined)).toBe('en');
  });
});
