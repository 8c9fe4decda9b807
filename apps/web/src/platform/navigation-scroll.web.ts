/**
 * The web: the document itself scrolls, and a client-side navigation keeps its scroll position,
 * so a page reached by a link opened wherever the last one was left (a draft at its bottom, the
 * publish form at "Intended use"). A new address from a push or replace opens at the top; one
 * reached through the history (back, forward: a `popstate`) is left to the browser, which
 * restores where the reader was. A link to a fragment (#id) is left alone as well.
 */
import { usePathname } from 'expo-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { NavigationScrollModule } from './navigation-scroll.types';

/** How soon after a popstate a change of address is that history move. */
const HISTORY_MOVE_MS = 1000;

export const NavigationScroll = function NavigationScroll() {
  const pathname = usePathname();
  const poppedAt = useRef(Number.NEGATIVE_INFINITY);
  /** The address the page was last placed for (none yet: the first page is the browser's to place). */
  const placed = useRef<string | null>(null);

  useEffect(() => {
    const onPop = () => {
      poppedAt.current = performance.now();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Before the new page paints, so it never shows at the old place first.
  useLayoutEffect(() => {
    const before = placed.current;
    placed.current = pathname;
    // The first page is the browser's to place (a reload keeps the reader's place).
    if (before === null || before === pathname) return;
    // The router follows a popstate at once; a later change of address is a navigation of its own.
    if (performance.now() - poppedAt.current < HISTORY_MOVE_MS) return;
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
} satisfies NavigationScrollModule['NavigationScroll'];
