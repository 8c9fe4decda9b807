/** The page to return to after an external sign-in (native: in memory, the app stays open). */
import type { NextPageStoreModule } from './next-page-store.types';

let remembered: string | null = null;

export const nextPageStore = {
  remember(next) {
    remembered = next;
  },
  take() {
    const value = remembered;
    remembered = null;
    return value;
  },
} satisfies NextPageStoreModule;
