import {
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromCookie,
  languageOfBrowser,
} from '@teamshuffle/domain';
import type { Language } from '@teamshuffle/domain';
import { useSyncExternalStore } from 'react';
import { LANGUAGE_STORAGE_KEY } from '../constants';
import { isPrerendering } from '../prerendering';
import { a11yEn } from './a11y.en';
import { a11yKo } from './a11y.ko';
import type { Translation } from './en';
import {
  createTranslator,
  lookup,
  type TFunction,
  type TranslationKey,
  type TranslationValues,
} from './translator';

export type { TFunction, TranslationKey, TranslationValues };

export { LANGUAGES, isLanguage } from '@teamshuffle/domain';
export type { Language } from '@teamshuffle/domain';

/**
 * Each language's strings are a chunk of their own (issue 14): a page downloads only the
 * language it shows. There is no fallback language: the resources test checks that Korean has
 * every English key, none empty.
 */
const loaders: Record<Language, () => Promise<Translation>> = {
  en: async () => (await import('./en')).en,
  ko: async () => (await import('./ko')).ko,
};

const resources: Partial<Record<Language, Translation>> = {};
const pending: Partial<Record<Language, Promise<Translation>>> = {};
const translators: Partial<Record<Language, TFunction>> = {};
const listeners = new Set<() => void>();
let current: Language = 'en';

/** Fetches a language's strings once; later calls share the first fetch. */
export async function loadLanguage(language: Language): Promise<void> {
  if (resources[language]) return;
  const loading = (pending[language] ??= loaders[language]());
  try {
    resources[language] = await loading;
  } catch (error) {
    delete pending[language];
    throw error;
  }
}

function translatorFor(language: Language): TFunction {
  const known = translators[language];
  if (known) return known;
  const own = resources[language];
  if (!own) throw new Error(`The ${language} strings are not loaded yet`);
  const made = createTranslator(language, [own]);
  translators[language] = made;
  return made;
}

function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The remembered choice (this device's storage, else its cookie), else Korean for a Korean
 * browser, else English: the same order the server follows for the prerendered landing page.
 */
export function detectLanguage(): Language {
  const preferred = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return (
    readStoredLanguage() ?? languageFromCookie(document.cookie) ?? languageOfBrowser(preferred[0])
  );
}

/** `<html lang>` follows the interface language, so screen readers pronounce the page right. */
export function syncHtmlLang(language: string): void {
  if (isPrerendering()) return;
  document.documentElement.setAttribute('lang', isLanguage(language) ? language : 'en');
}

/** The language asked for last: a slower earlier switch must not win over it. */
let requested: Language = 'en';

async function switchTo(language: Language): Promise<boolean> {
  requested = language;
  await loadLanguage(language);
  if (requested !== language) return false;
  if (current !== language) {
    current = language;
    syncHtmlLang(language);
    for (const listener of listeners) listener();
  }
  return true;
}

/**
 * The choice in a cookie as well, so the server sends the prerendered pages in that language
 * (issue 14). Only a chosen language is written: without one the server follows the
 * browser's language, as `detectLanguage` does.
 */
function writeLanguageCookie(language: Language): void {
  if (isPrerendering()) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Loads the detected language's strings; the app renders once this resolves. */
export async function initI18n(language: Language = detectLanguage()): Promise<void> {
  // A choice made before the cookie existed: written now, for the next visit's landing page.
  if (!isPrerendering() && readStoredLanguage() === language) {
    writeLanguageCookie(language);
  }
  await loadLanguage(language);
  current = language;
  requested = language;
  syncHtmlLang(language);
}

/**
 * Switches the interface language and remembers the choice on this device, once its strings are
 * here (a failed load changes nothing; the caller hears of it).
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (!(await switchTo(language))) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the switch still applies to this page.
  }
  writeLanguageCookie(language);
}

/** The current interface language. */
export function currentLanguage(): Language {
  return current;
}

/**
 * What components and helpers read: the current language and its `t`, a translator fixed to a
 * language, and the English template of a key (placeholders unfilled).
 */
export const i18n = {
  get language(): Language {
    return current;
  },
  t: ((key, values) => translatorFor(current)(key, values)) as TFunction,
  getFixedT: (language: Language): TFunction => translatorFor(language),
  /** The raw template of a key in a loaded language, or undefined. */
  template: (language: Language, key: TranslationKey): string | undefined =>
    lookup(resources[language], key),
  changeLanguage: (language: Language) => changeLanguage(language),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current language's `t`, re-rendering the component when the language changes. `t` keeps
 * its identity for a language, so it can sit in memo and effect dependencies.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translatorFor(language), i18n };
}

/**
 * Names of icon-only controls that the theme gives app-wide (close, clear), in the current
 * language. Read at render time, outside React's translation hook.
 */
export function a11yText(key: keyof typeof a11yEn): string {
  return (current === 'ko' ? a11yKo : a11yEn)[key];
}
