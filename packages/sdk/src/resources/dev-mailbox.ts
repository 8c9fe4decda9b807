/** `kw.devMailbox`: the emails a local server (APP_ENV=local, outbox provider) would have sent. */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function devMailboxResource(api: ApiClient) {
  return {
    /** Newest first; only those to `to` when given. Answers 404 on a server that is not local. */
    messages(to?: string | null, options?: CallOptions) {
      return call(api, 'devMailboxMessages', { query: to ? { to } : {}, ...options });
    },
  };
}

export type DevMailboxResource = ReturnType<typeof devMailboxResource>;
