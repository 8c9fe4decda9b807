/**
 * A small in-memory cache for answers that are the same for every viewer (gallery pages): each
 * entry lives `ttlMs`, the least recently used go first beyond `max` entries, and concurrent
 * misses for one key share a single computation.
 */
export interface ResponseCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createResponseCache<T>(
  ttlMs: number,
  max = 1000,
  now: () => number = Date.now,
): ResponseCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, compute) {
      if (ttlMs <= 0) return compute();
      const hit = entries.get(key);
      const t = now();
      if (hit && t - hit.at < ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = compute();
      entries.set(key, { at: t, value });
      value.catch(() => entries.delete(key));
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
