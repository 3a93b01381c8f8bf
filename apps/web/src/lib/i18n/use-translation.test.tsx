// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, useTranslation } from './index';

afterEach(async () => {
  await changeLanguage('en');
});

describe('useTranslation', () => {
  it('re-renders in the new language, with a `t` that is stable per language', async () => {
    const { result } = renderHook(() => useTranslation());
    const englishT = result.current.t;
    expect(englishT('header.signIn')).toBe('Sign In');
    await act(async () => {
      await changeLanguage('ko');
    });
    expect(result.current.i18n.language).toBe('ko');
    expect(result.current.t).not.toBe(englishT);
    expect(result.current.t('header.signIn')).toBe(i18n.getFixedT('ko')('header.signIn'));
    expect(result.current.t('header.signIn')).not.toBe('Sign In');
    await act(async () => {
      await changeLanguage('en');
    });
    expect(result.current.t).toBe(englishT);
  });

  it('remembers the choice on this device', async () => {
    await changeLanguage('ko');
    expect(window.localStorage.getItem('language')).toBe('ko');
    // And in a cookie, for the server's choice of prerendered landing page.
    expect(document.cookie).toContain('language=ko');
  });
});

describe('changeLanguage', () => {
  it('lets the last choice win when an earlier one is still loading', async () => {
    // A fresh copy of the module whose Korean strings arrive only when released.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.resetModules();
    vi.doMock('./ko', async () => {
      await gate;
      return { ko: {} };
    });
    try {
      const fresh = await import('./index');
      await fresh.initI18n('en');
      const toKorean = fresh.changeLanguage('ko');
      await fresh.changeLanguage('en');
      release();
      await toKorean;
      expect(fresh.i18n.language).toBe('en');
      expect(window.localStorage.getItem('language')).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    } finally {
      vi.doUnmock('./ko');
      vi.resetModules();
    }
  });
});
