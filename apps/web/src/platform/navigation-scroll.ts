/**
 * iOS and Android: every screen is its own scroll view, mounted at its top, and a screen gone back
 * to is kept by the navigator where it was; there is nothing to do.
 */
import type { NavigationScrollModule } from './navigation-scroll.types';

export const NavigationScroll = function NavigationScroll() {
  return null;
} satisfies NavigationScrollModule['NavigationScroll'];
