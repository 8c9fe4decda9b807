/** `kw.config`: the public configuration an app starts with. */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function configResource(api: ApiClient) {
  return {
    /** Who is looking (user or visitor session), the navigation, flags and public settings. */
    appShell(options?: CallOptions) {
      return call(api, 'appShell', { ...options });
    },
    /** The languages the server translates listings into. */
    translations(options?: CallOptions) {
      return call(api, 'translationsConfig', { ...options });
    },
    /** The product events the server accepts, with their properties. */
    productEvents(options?: CallOptions) {
      return call(api, 'productEventsConfig', { ...options });
    },
  };
}

export type ConfigResource = ReturnType<typeof configResource>;
