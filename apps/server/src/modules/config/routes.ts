/** Public configuration: supported languages with the fallback policy, and the product-event dictionary. */
import {
  DEFAULT_LOCALE,
  LOCALE_FALLBACKS,
  LOCALE_NAMES,
  PRODUCT_EVENTS,
  SUPPORTED_LOCALES,
  TranslationsConfigResponse,
} from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';

export function translationsConfig() {
  return {
    supported_languages: SUPPORTED_LOCALES.map((code) => ({
      code,
      name: LOCALE_NAMES[code],
      default: code === DEFAULT_LOCALE,
    })),
    default_language: DEFAULT_LOCALE,
    fallback_policy: {
      description:
        'Text is served in the requested language when a current translation exists; otherwise in the next language of its chain; otherwise in the language it was written in. Every localised field says which language was served and whether it is a translation.',
      chains: Object.fromEntries(SUPPORTED_LOCALES.map((code) => [code, [code, ...LOCALE_FALLBACKS[code]]])),
      final_fallback: 'source' as const,
    },
  };
}

export function configRoutes(app: FastifyInstance) {
  app.get(
    '/api/config/translations',
    {
      schema: {
        tags: ['app'],
        summary: 'Supported languages and the fallback policy',
        response: { 200: TranslationsConfigResponse },
      },
    },
    async () => translationsConfig(),
  );
  app.get(
    '/api/config/product-events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The product-analytics event dictionary (required properties per event)',
        response: { 200: Type.Object({ events: Type.Record(Type.String(), Type.Unknown()) }) },
      },
    },
    async () => ({ events: PRODUCT_EVENTS }),
  );
}
