/**
 * The server sends public pages with a static copy of their screen (#kw-static, just before the
 * app's #root), so the design shows before this code has even downloaded; #root stays laid out
 * but hidden while that copy is there. When the screen has drawn the same content, the copy is
 * removed in the same commit (a layout effect, before the browser paints), so the page never
 * shows both, a spinner, or a jump.
 */
import { usePathname } from 'expo-router';
import { useEffect, useLayoutEffect } from 'react';
import type { StaticHandoffModule } from './static-handoff.types';

const STATIC_ID = 'kw-static';
/** However slow the data, the app is shown after this long (its own loading state then shows). */
const LONGEST_MS = 15_000;

function handOver() {
  document.getElementById(STATIC_ID)?.remove();
}

export const useStaticHandoff = function useStaticHandoff(ready: boolean) {
  useLayoutEffect(() => {
    if (ready) handOver();
  }, [ready]);
} satisfies StaticHandoffModule['useStaticHandoff'];

export const StaticHandoffGuard = function StaticHandoffGuard() {
  const pathname = usePathname();
  useEffect(() => {
    const copy = document.getElementById(STATIC_ID);
    if (!copy) return;
    // The copy names the addresses it stands for (a shared link's also its listing's).
    if (!(copy.dataset.paths ?? '').split(' ').includes(pathname)) {
      handOver();
      return;
    }
    const timer = setTimeout(handOver, LONGEST_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
} satisfies StaticHandoffModule['StaticHandoffGuard'];
