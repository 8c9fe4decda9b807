/**
 * Every language has every string, the same placeholders as English, and real translations
 * (a French or German string identical to a long English one was forgotten, not translated).
 */
import { describe, expect, it } from 'vitest';
import { dictionaries, en } from './dictionaries';
import { translate } from './index';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the i18n dictionaries', () => {
  for (const locale of ['fr', 'de'] as const) {
    const dict = dictionaries[locale];

    it(`${locale} has exactly the English keys, none empty`, () => {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      const empty = Object.entries(dict).filter(([, v]) => v.trim() === '');
      expect(empty).toEqual([]);
    });

    it(`${locale} keeps every placeholder of the English string`, () => {
      const wrong = Object.keys(en).filter(
        (k) =>
          placeholders(en[k as keyof typeof en]).join() !== placeholders(dict[k as keyof typeof en]).join(),
      );
      expect(wrong).toEqual([]);
    });

    it(`${locale} translates every sentence (nothing left in English)`, () => {
      const untranslated = Object.keys(en).filter((k) => {
        const source = en[k as keyof typeof en];
        // A sentence has real words; format strings like '{x} × {y} mm' are the same in every language.
        const words = source.replace(/\{\w+\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
        return words.length >= 3 && dict[k as keyof typeof en] === source;
      });
      expect(untranslated).toEqual([]);
    });
  }

  it('fills placeholders and falls back to English, then to the key', () => {
    expect(translate('en', 'common.designedBy', { name: 'Ada' })).toBe('by Ada');
    expect(translate('fr', 'common.blocks', { count: 3 })).toContain('3');
    expect(translate('de', 'common.designedBy')).toContain('{name}');
  });
});
