/**
 * The web: the document itself scrolls, and a client-side navigation keeps its scroll position,
 * so a page reached by a link opened wherever the last one was left (a draft at its bottom, the
 * publish form at "Intended use"). A new address from a push or replace opens at the top. One
 * reached through the history (back, forward: a `popstate`) gets back the place the reader left
 * it at: positions are kept per address, and set again as the page's content comes in (the
 * browser's own restoration, switched off while the app runs, finds the page too short, and
 * knows only the place saved when the router wrote the next address). A link to a fragment (#id) and a change of search parameters (the gallery's filters)
 * are left alone.
 */
import { usePathname } from 'expo-router';
import { useEffect, useLayoutEffect } from 'react';
import type { NavigationScrollModule } from './navigation-scroll.types';

/** How soon after a popstate a change of address is that history move. */
const HISTORY_MOVE_MS = 1000;
/** How long a restored place is waited for while the page's content comes in. */
const RESTORE_FOR_MS = 2000;

function restore(top: number) {
  const until = performance.now() + RESTORE_FOR_MS;
  let stop = false;
  const giveUp = () => {
    stop = true;
  };
  // The reader scrolling meanwhile wins.
  window.addEventListener('wheel', giveUp, { once: true, passive: true });
  window.addEventListener('touchstart', giveUp, { once: true, passive: true });
  window.addEventListener('keydown', giveUp, { once: true });
  const tick = () => {
    if (stop) return;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until) requestAnimationFrame(tick);
    else {
      window.removeEventListener('wheel', giveUp);
      window.removeEventListener('touchstart', giveUp);
      window.removeEventListener('keydown', giveUp);
    }
  };
  tick();
}

/**
 * Kept for the page's life, not the component's: the router mounts the layout again when it
 * follows a history move.
 */
const poppedAt = { current: Number.NEGATIVE_INFINITY };
/** The address the page was last placed for (none yet: the first page is the browser's to place). */
const placed: { current: string | null } = { current: null };
const positions = { current: new Map<string, number>() };

export const NavigationScroll = function NavigationScroll() {
  const pathname = usePathname();

  useEffect(() => {
    const onPop = () => {
      poppedAt.current = performance.now();
    };
    const onScroll = () => {
      // Between a new page's first drawing and the router writing its address, the position is
      // neither page's.
      const page = placed.current;
      if (page && page === window.location.pathname) positions.current.set(page, window.scrollY);
    };
    // The browser's own restoration would put back what it saved when the router wrote the next
    // address, which is after this page was already moved to the top; this module restores
    // instead. A reload or a return from another site is the browser's again.
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    const auto = () => {
      window.history.scrollRestoration = 'auto';
    };
    manual();
    window.addEventListener('pageshow', manual);
    window.addEventListener('pagehide', auto);
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('pageshow', manual);
      window.removeEventListener('pagehide', auto);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // Before the new page paints, so it never shows at the old place first.
  useLayoutEffect(() => {
    const before = placed.current;
    placed.current = pathname;
    // The first page is the browser's to place (a reload keeps the reader's place).
    if (before === null || before === pathname) return;
    // The router follows a popstate at once; a later change of address is a navigation of its own.
    if (performance.now() - poppedAt.current < HISTORY_MOVE_MS) {
      const top = positions.current.get(pathname);
      if (top !== undefined) restore(top);
      return;
    }
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
} satisfies NavigationScrollModule['NavigationScroll'];
