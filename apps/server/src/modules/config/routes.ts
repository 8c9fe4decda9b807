/** Public configuration: supported languages with the fallback policy, and the product-event dictionary. */
import {
  DEFAULT_LOCALE,
  LOCALE_FALLBACKS,
  LOCALE_NAMES,
  PRODUCT_EVENTS,
  SUPPORTED_LOCALES,
} from '@kitwright/contracts';
import { operation, type RoutesPlugin } from '../../platform/operation';

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

export const configRoutes: RoutesPlugin<Record<never, never>> = async (app) => {
  app.route({
    ...operation('translationsConfig', {
      tags: ['app'],
      summary: 'Supported languages and the fallback policy',
    }),
    handler: async () => translationsConfig(),
  });
  app.route({
    ...operation('productEventsConfig', {
      tags: ['analytics'],
      summary: 'The product-analytics event dictionary (required properties per event)',
    }),
    handler: async () => ({ events: PRODUCT_EVENTS }),
  });
};
