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

/** The headers a request's language is read from. */
export type LanguageHeaders = {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
};

/**
 * The language of the person making a request, as the web app chose it: its `language` cookie,
 * else the browser's first language; `isChosen` tells which (a choice, or a browser's guess).
 */
export function requestLanguageOf(headers: LanguageHeaders): {
  language: Language;
  isChosen: boolean;
} {
  const chosen = languageFromCookie(headers.cookie ?? '');
  if (chosen) return { language: chosen, isChosen: true };
  return {
    language: languageOfBrowser(headers['accept-language']?.split(',')[0]),
    isChosen: false,
  };
}

/** The language of the person making a request (`requestLanguageOf`'s language). */
export function requestLanguage(headers: LanguageHeaders): Language {
  return requestLanguageOf(headers).language;
}
