/** The page to return to after an external sign-in (web: session storage, across the redirect). */
import type { NextPageStoreModule } from './next-page-store.types';

const KEY = 'kw_signin_next';

export const nextPageStore = {
  remember(next) {
    try {
      sessionStorage.setItem(KEY, next);
    } catch {
      // Without storage the user lands on the dashboard.
    }
  },
  take() {
    try {
      const value = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
      return value;
    } catch {
      return null;
    }
  },
} satisfies NextPageStoreModule;
