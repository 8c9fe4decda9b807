/**
 * A deterministic pseudo-translator for local use, staging and tests: the text stays readable but
 * is visibly "translated" (language tag, accented letters), so untranslated strings stand out.
 */
import type { TranslationProvider } from './translation-provider';

const ACCENTS: Record<string, Record<string, string>> = {
  fr: { a: 'à', e: 'é', i: 'î', o: 'ô', u: 'ù', c: 'ç' },
  de: { a: 'ä', o: 'ö', u: 'ü', s: 'ß' },
};

export function pseudoTranslate(text: string, to: string): string {
  const map = ACCENTS[to] ?? {};
  const body = [...text].map((ch) => map[ch] ?? ch).join('');
  return `[${to}] ${body}`;
}

export const pseudoTranslation: TranslationProvider = {
  id: 'pseudo/1',
  async translate(texts, _from, to) {
    return texts.map((t) => pseudoTranslate(t, to));
  },
};
