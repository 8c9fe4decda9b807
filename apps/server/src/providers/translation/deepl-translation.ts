/** DeepL through its official client (deepl-node). */
import * as deepl from 'deepl-node';
import type { TranslationProvider } from './translation-provider';

const TARGETS: Record<string, deepl.TargetLanguageCode> = { en: 'en-GB', fr: 'fr', de: 'de' };

export function createDeeplTranslation(apiKey: string, serverUrl?: string): TranslationProvider {
  const translator = new deepl.Translator(apiKey, {
    ...(serverUrl ? { serverUrl } : {}),
    maxRetries: 2,
    minTimeout: 5000,
  });
  return {
    id: 'deepl',
    async translate(texts, from, to) {
      if (texts.length === 0) return [];
      const target = TARGETS[to];
      if (!target) throw new Error(`DeepL target language not configured: ${to}`);
      const results = await translator.translateText(texts, from as deepl.SourceLanguageCode, target, {
        preserveFormatting: true,
      });
      return results.map((r) => r.text);
    },
  };
}
