import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, lookup } from './translator';
import type { TranslationKey } from './translator';

const resource = {
  greeting: 'Hello {{name}}, {{ name }}!',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  nested: { deep: 'Deep' },
};
// The fixture's keys are not the app's: the translator is typed for the app's keys.
const key = (text: string) => text as TranslationKey;

describe('translator', () => {
  it('fills placeholders, and leaves nothing for a value not given', () => {
    expect(interpolate('Hi {{a}} and {{b}}', { a: 'Ann', b: 3 })).toBe('Hi Ann and 3');
    expect(interpolate('Hi {{a}}.', {})).toBe('Hi .');
  });

  it('reads dotted paths, and nothing that is not a string', () => {
    expect(lookup(resource, 'nested.deep')).toBe('Deep');
    expect(lookup(resource, 'nested')).toBeUndefined();
    expect(lookup(resource, 'nested.deep.deeper')).toBeUndefined();
  });

  it("picks the plural form by the language's rules", () => {
    const en = createTranslator('en', [resource]);
    expect(en(key('items'), { count: 1 })).toBe('1 item');
    expect(en(key('items'), { count: 0 })).toBe('0 items');
    expect(en(key('items'), { count: 2 })).toBe('2 items');
    // Korean has no singular: every count takes the `other` form.
    const ko = createTranslator('ko', [resource]);
    expect(ko(key('items'), { count: 1 })).toBe('1 items');
  });

  it('returns a missing key as itself, and tries resources in order', () => {
    const t = createTranslator('en', [{ a: 'first' }, { a: 'second', b: 'only second' }]);
    expect(t(key('a'))).toBe('first');
    expect(t(key('b'))).toBe('only second');
    expect(t(key('missing.key'))).toBe('missing.key');
    expect(createTranslator('en', [resource])(key('greeting'), { name: 'Jo' })).toBe(
      'Hello Jo, Jo!',
    );
  });
});
