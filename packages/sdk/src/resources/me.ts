/** `kw.me`: the viewer's own dashboard, notifications and data export. */
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
    /**
     * Everything Kitwright holds about the signed-in person, as one document
     * (`kitwright.account-export`, with its `version`). Deleting the account is `auth.deleteAccount`,
     * since it ends the session this client holds.
     */
    exportData(options?: CallOptions) {
      return call(api, 'exportAccount', { ...options });
    },
  };
}

export type MeResource = ReturnType<typeof meResource>;
