import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ko } from './ko';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('Korean has exactly the English keys, none empty', () => {
    expect(keys(ko).sort()).toEqual(keys(en).sort());
    const values = (obj: unknown): unknown[] =>
      typeof obj === 'object' && obj !== null ? Object.values(obj).flatMap(values) : [obj];
    expect(values(ko).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });

  it('keeps the spec wording of the chat placeholder in both languages', () => {
    expect(en.teamChat.comingSoon).toBe('채팅 기능은 곧 제공될 예정입니다.');
    expect(ko.teamChat.comingSoon).toBe(en.teamChat.comingSoon);
  });
});
