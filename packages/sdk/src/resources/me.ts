/** `kw.me`: the viewer's own dashboard and notifications. */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function meResource(api: ApiClient) {
  return {
    /**
     * A signed-in user's, or a visitor session's, drafts, listings, saves, reservations, support
     * conversations and notifications; listing text in `locale`.
     */
    dashboard(locale?: string | null, options?: CallOptions) {
      return call(api, 'dashboard', { query: locale ? { locale } : {}, ...options });
    },
    notifications(options?: CallOptions) {
      return call(api, 'listNotifications', { ...options });
    },
    readNotification(notificationId: string, options?: CallOptions) {
      return call(api, 'readNotification', { params: { notificationId }, ...options });
    },
  };
}

export type MeResource = ReturnType<typeof meResource>;
