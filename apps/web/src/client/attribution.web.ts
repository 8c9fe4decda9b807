/**
 * Source attribution on the web: campaign parameters and the referrer of the first visit are kept
 * (first touch) and of this visit (last touch), so the funnel can tell where people come from.
 */
import type { AttributionModule, Touch } from './attribution.types';

const FIRST = 'kw_first_touch';
const PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 's'];

function current(): Touch {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const out: Touch = {};
  for (const key of PARAMS) {
    const value = query.get(key);
    if (value) out[key === 's' ? 'share_code' : key] = value.slice(0, 100);
  }
  const referrer = document.referrer ? new URL(document.referrer).host : '';
  if (!Object.keys(out).length) out.source = referrer && referrer !== location.host ? referrer : 'direct';
  return out;
}

export const attribution = {
  touch() {
    const last = current();
    let first = last;
    try {
      const stored = localStorage.getItem(FIRST);
      if (stored) first = JSON.parse(stored) as Touch;
      else localStorage.setItem(FIRST, JSON.stringify(last));
    } catch {
      // Storage may be off; the visit counts as its own first touch.
    }
    const referrer = document.referrer ? new URL(document.referrer).origin : null;
    return { first, last, referrer };
  },
  sessionFlag(name) {
    try {
      if (sessionStorage.getItem(name)) return true;
      sessionStorage.setItem(name, '1');
    } catch {
      // Without session storage the event may be sent once per page load.
    }
    return false;
  },
  browserSessionId() {
    try {
      const existing = sessionStorage.getItem('kw_browser_session');
      if (existing) return existing;
      const id = crypto.randomUUID();
      sessionStorage.setItem('kw_browser_session', id);
      return id;
    } catch {
      return crypto.randomUUID();
    }
  },
} satisfies AttributionModule;
