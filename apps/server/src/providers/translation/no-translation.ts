/**
 * No machine translation (TRANSLATION_PROVIDER=off, the local default): every text is left as its
 * author wrote it, and readers in other languages see the original with a note saying why.
 */
import type { TranslationProvider } from './translation-provider';

export const noTranslation: TranslationProvider = {
  id: 'off',
  async translate(texts) {
    return texts.map(() => null);
  },
};
