// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { a11yText, changeLanguage, syncHtmlLang } from './index';

afterEach(async () => {
  await changeLanguage('en');
});

describe('<html lang>', () => {
  it('follows the chosen language, and falls back to English for anything else', async () => {
    await changeLanguage('ko');
    expect(document.documentElement.lang).toBe('ko');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    syncHtmlLang('fr');
    expect(document.documentElement.lang).toBe('en');
  });

  it('names the icon-only controls in the language shown', async () => {
    expect(a11yText('closeDialog')).toBe('Close dialog');
    await changeLanguage('ko');
    expect(a11yText('closeDialog')).toBe('대화 상자 닫기');
  });
});
