import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/en';
import { ko } from '../../../lib/i18n/ko';
import { createTranslator } from '../../../lib/i18n/translator';
import { savedTimeText } from './saved-time';

async function translator(lng: 'en' | 'ko') {
  return Promise.resolve(createTranslator(lng, [lng === 'en' ? en : ko]));
}

const NOW = Date.parse('2025-05-20T12:00:00Z');
const MINUTE = 60_000;

describe('savedTimeText', () => {
  it('words the age of a result in English', async () => {
    const t = await translator('en');
    expect(savedTimeText(t, NOW - 30_000, NOW)).toBe('Just now');
    expect(savedTimeText(t, NOW - MINUTE, NOW)).toBe('1 minute ago');
    expect(savedTimeText(t, NOW - 5 * MINUTE, NOW)).toBe('5 minutes ago');
    expect(savedTimeText(t, NOW - 3 * 60 * MINUTE, NOW)).toBe('3 hours ago');
    expect(savedTimeText(t, NOW - 24 * 60 * MINUTE, NOW)).toBe('1 day ago');
    expect(savedTimeText(t, NOW - 8 * 24 * 60 * MINUTE, NOW)).toMatch(/2025/);
  });

  it('and in Korean', async () => {
    const t = await translator('ko');
    expect(savedTimeText(t, NOW - 30_000, NOW)).toBe('방금 전');
    expect(savedTimeText(t, NOW - 5 * MINUTE, NOW)).toBe('5분 전');
    expect(savedTimeText(t, NOW - 2 * 24 * 60 * MINUTE, NOW)).toBe('2일 전');
  });
});
