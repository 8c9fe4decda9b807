/**
 * Where the session is kept: a promisable subset of Web Storage, so browsers use localStorage
 * and apps elsewhere plug in their own (AsyncStorage, SecureStore, a file, a cookie).
 */

export type MaybePromise<T> = T | Promise<T>;

/** `window.localStorage` satisfies this as it is; so does React Native's AsyncStorage. */
export interface StorageAdapter {
  getItem(key: string): MaybePromise<string | null>;
  setItem(key: string, value: string): MaybePromise<void>;
  removeItem(key: string): MaybePromise<void>;
}

/** A synchronous in-memory storage: the default outside browsers, and handy in tests and SSR. */
export interface MemoryStorage extends StorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
  readonly length: number;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size;
    },
  };
}

/** A page with a DOM. React Native and Node have neither `document` nor a cookie jar the SDK can rely on. */
export function isBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document === 'object';
}

/**
 * localStorage in a browser, when it can actually be used (Safari's private mode and disabled
 * storage throw on write); otherwise a fresh memory storage, i.e. no persistence.
 */
export function defaultStorage(): StorageAdapter {
  if (isBrowser()) {
    try {
      const local = (globalThis as { localStorage?: StorageAdapter }).localStorage;
      if (local) {
        const probe = '__kitwright_probe__';
        local.setItem(probe, probe);
        local.removeItem(probe);
        return local;
      }
    } catch {
      // Fall through to memory: the session then lasts as long as the page.
    }
  }
  return memoryStorage();
}

export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
