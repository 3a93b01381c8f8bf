import type { BrowserContext, Page } from '@playwright/test';

export type ColorScheme = 'light' | 'dark';
export type Language = 'en' | 'ko';

/**
 * Starts every page of the context with the scheme and language stored the way the app stores
 * them (localStorage `darkMode` as JSON true/false, `language` as "en" or "ko"; see
 * apps/web/src/lib/color-scheme-manager.ts and lib/i18n/index.ts).
 */
export async function usePreferences(
  target: BrowserContext | Page,
  preferences: { scheme: ColorScheme; language: Language },
): Promise<void> {
  await target.addInitScript(({ scheme, language }) => {
    window.localStorage.setItem('darkMode', JSON.stringify(scheme === 'dark'));
    window.localStorage.setItem('language', language);
  }, preferences);
}
