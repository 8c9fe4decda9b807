/**
 * Every language has every string, the same placeholders as English, and real translations
 * (a French or German string identical to a long English one was forgotten, not translated).
 * A string that says a count is a plural form in every language, and German says "du".
 */
// The staff and founder tools' strings, which their screens add when they load: checked like the rest.
import './staff';
import { describe, expect, it } from 'vitest';
import { helpDocs } from '../help';
import { dictionaries, en, type MessageKey } from './dictionaries';
import { isPluralForms, type Message } from './plural';
import { translate } from './translate';

const LOCALES = ['en', 'fr', 'de'] as const;
const keys = Object.keys(en) as MessageKey[];
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
/** Every text of a message: the string, or each of its plural forms. */
const texts = (m: Message): string[] =>
  isPluralForms(m) ? Object.values(m).filter((v) => v !== undefined) : [m];
/** The English reference text: the string, or its `other` form. */
const reference = (k: MessageKey) => {
  const m: Message = en[k];
  return isPluralForms(m) ? m.other : m;
};
/** Placeholders that hold a number of things; in a plain string followed by a word they need plural forms. */
const COUNT_NAMES = 'count|seconds|minutes|hours|days|min|blocks|layers|pins|people|kits|steps|items';

describe('the i18n dictionaries', () => {
  it('every language has exactly the same keys', () => {
    for (const locale of LOCALES) expect(Object.keys(dictionaries[locale]).sort()).toEqual([...keys].sort());
  });

  for (const locale of LOCALES) {
    const dict = dictionaries[locale];

    it(`${locale}: no string or plural form is empty`, () => {
      const empty = keys.filter((k) => texts(dict[k]).some((v) => v.trim() === ''));
      expect(empty).toEqual([]);
    });

    it(`${locale}: every form keeps the placeholders of the English string`, () => {
      const wrong = keys.filter((k) =>
        texts(dict[k]).some((v) => placeholders(v).join() !== placeholders(reference(k)).join()),
      );
      expect(wrong).toEqual([]);
    });

    it(`${locale}: a string with {count} (or a count followed by a word) is a plural form, and plural forms are plural in every language`, () => {
      const plainCount = keys.filter((k) => {
        const m = dict[k];
        return (
          !isPluralForms(m) &&
          (/\{count\}/.test(m) || new RegExp(`\\{(${COUNT_NAMES})\\}[\\s-]+\\p{L}`, 'u').test(m))
        );
      });
      expect(plainCount).toEqual([]);
      const mismatched = keys.filter((k) => isPluralForms(dict[k]) !== isPluralForms(en[k]));
      expect(mismatched).toEqual([]);
      const withoutCount = keys.filter((k) => isPluralForms(dict[k]) && !/\{count\}/.test(reference(k)));
      expect(withoutCount).toEqual([]);
    });

    it(`${locale}: plural forms have every category the language uses for whole numbers`, () => {
      const rules = new Intl.PluralRules(locale);
      const categories = [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))];
      const missing = keys.filter((k) => {
        const m = dict[k];
        return isPluralForms(m) && categories.some((c) => m[c] === undefined);
      });
      expect(missing).toEqual([]);
    });
  }

  for (const locale of ['fr', 'de'] as const) {
    const dict = dictionaries[locale];
    it(`${locale} translates every sentence (nothing left in English)`, () => {
      const untranslated = keys.filter((k) => {
        const source = reference(k);
        // A sentence has real words; format strings like '{x} × {y} mm' are the same in every language.
        const words = source.replace(/\{\w+\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
        const m = dict[k];
        return words.length >= 3 && (isPluralForms(m) ? m.other : m) === source;
      });
      expect(untranslated).toEqual([]);
    });
  }

  it('German speaks to the reader as "du", never "Sie"', () => {
    const formal = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
    const wrong = keys.flatMap((k) =>
      texts(dictionaries.de[k])
        .filter((v) => formal.test(v))
        .map(() => k),
    );
    expect(wrong).toEqual([]);
    // The help pages and policies too: every string in them.
    const strings: string[] = [];
    JSON.stringify(helpDocs('de'), (_, v) => {
      if (typeof v === 'string') strings.push(v);
      return v;
    });
    expect(strings.length).toBeGreaterThan(100);
    expect(strings.filter((v) => formal.test(v))).toEqual([]);
  });

  it('fills placeholders and falls back to English, then to the key', () => {
    expect(translate('en', 'common.designedBy', { name: 'Ada' })).toBe('by Ada');
    expect(translate('fr', 'common.blocks', { count: 3 })).toContain('3');
    expect(translate('de', 'common.designedBy')).toContain('{name}');
  });

  it('chooses the plural form by the count, in the language’s rules and digits', () => {
    expect(translate('en', 'listingCard.saves', { count: 1 })).toBe('1 save');
    expect(translate('en', 'listingCard.saves', { count: 0 })).toBe('0 saves');
    expect(translate('en', 'gallery.shown', { count: 1 })).toBe('1 design shown');
    expect(translate('en', 'listingCard.saves', { count: 1234 })).toBe('1,234 saves');
    expect(translate('fr', 'listingCard.interested', { count: 1 })).toBe('1 intéressé');
    // French counts 0 as singular.
    expect(translate('fr', 'listingCard.saves', { count: 0 })).toBe('0 enregistrement');
    expect(translate('fr', 'listingCard.saves', { count: 2 })).toBe('2 enregistrements');
    expect(translate('de', 'common.blocks', { count: 1 })).toBe('1 Stein');
    expect(translate('de', 'common.blocks', { count: 1234 })).toBe('1.234 Steine');
    expect(translate('en', 'err.rateLimitedSeconds', { count: 1 })).toBe(
      'Too many attempts. Try again in 1 second.',
    );
  });
});
