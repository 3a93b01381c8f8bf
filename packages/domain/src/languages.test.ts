import { describe, expect, it } from 'vitest';
import { cookieValue, languageFromCookie, languageOfBrowser } from './languages.ts';

describe('languages', () => {
  it('reads the chosen language from a cookie header, ignoring other values', () => {
    expect(languageFromCookie('a=1; language=ko; b=2')).toBe('ko');
    expect(languageFromCookie('language=en')).toBe('en');
    expect(languageFromCookie('language=fr; xlanguage=ko')).toBeNull();
    expect(languageFromCookie('')).toBeNull();
  });

  it('reads one cookie by its exact name, its value whole', () => {
    expect(
      cookieValue('a=1; teamshuffle.session_token=abc.d=ef', 'teamshuffle.session_token'),
    ).toBe('abc.d=ef');
    expect(cookieValue('xa=1; a = 2', 'a')).toBe('2');
    expect(cookieValue('ab=1', 'a')).toBeNull();
    expect(cookieValue('', 'a')).toBeNull();
  });

  it('picks Korean for a browser whose first language is Korean, else English', () => {
    expect(languageOfBrowser('ko-KR')).toBe('ko');
    expect(languageOfBrowser(' KO')).toBe('ko');
    expect(languageOfBrowser('en-US')).toBe('en');
    expect(languageOfBrowser(undefined)).toBe('en');
  });
});
