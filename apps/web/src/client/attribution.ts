/** Source attribution (native: the app itself is the source). */
export function touchAttribution(): {
  first: Record<string, string>;
  last: Record<string, string>;
  referrer: string | null;
} {
  return { first: { source: 'app' }, last: { source: 'app' }, referrer: null };
}

const flags = new Set<string>();
export function sessionFlag(name: string): boolean {
  if (flags.has(name)) return true;
  flags.add(name);
  return false;
}

const runId = `app-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
export function browserSessionId(): string {
  return runId;
}
