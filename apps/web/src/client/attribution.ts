/** Source attribution on iOS and Android: the app itself is the source. */
import type { AttributionModule } from './attribution.types';

const flags = new Set<string>();
const runId = `app-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const attribution = {
  touch() {
    return { first: { source: 'app' }, last: { source: 'app' }, referrer: null };
  },
  sessionFlag(name) {
    if (flags.has(name)) return true;
    flags.add(name);
    return false;
  },
  browserSessionId() {
    return runId;
  },
} satisfies AttributionModule;
