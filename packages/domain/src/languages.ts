/** The interface languages. */
export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ko';
}

/**
 * The cookie the web app writes with a chosen language, so that the server sends the landing
 * page prerendered in it (decision 0008). Its value is a Language.
 */
export const LANGUAGE_COOKIE = 'language';

/** The value of the cookie `name` in a `Cookie` header (or `document.cookie`), if it is there. */
export function cookieValue(cookie: string, name: string): string | null {
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** The chosen language in a `Cookie` header (or `document.cookie`), if any. */
export function languageFromCookie(cookie: string): Language | null {
  const value = cookieValue(cookie, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

/**
 * The language for a browser that has chosen none: Korean when its first preferred language is
 * Korean (`navigator.languages[0]`, or the first tag of `Accept-Language`), else English.
 */
export function languageOfBrowser(firstPreferred: string | undefined): Language {
  return firstPreferred?.trim().toLowerCase().startsWith('ko') ? 'ko' : 'en';
}
