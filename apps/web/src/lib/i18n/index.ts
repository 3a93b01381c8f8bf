import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '../constants';
import { a11yEn } from './a11y.en';
import { a11yKo } from './a11y.ko';
import { en } from './en';
import { ko } from './ko';

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ko';
}

function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The remembered choice, else Korean for a Korean browser, else English. */
function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const preferred = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return preferred[0]?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** `<html lang>` follows the interface language, so screen readers pronounce the page right. */
export function syncHtmlLang(language: string): void {
  document.documentElement.setAttribute('lang', isLanguage(language) ? language : 'en');
}

// Resources are bundled, so initialisation finishes synchronously before the first render.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ko: { translation: ko } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/** Switches the interface language and remembers the choice on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the switch still applies to this page.
  }
  await i18n.changeLanguage(language);
}

/** The current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export { i18n };

/**
 * Names of icon-only controls that the theme gives app-wide (close, clear), in the current
 * language. Read at render time, outside React's translation hook.
 */
export function a11yText(key: keyof typeof a11yEn): string {
  return (currentLanguage() === 'ko' ? a11yKo : a11yEn)[key];
}
