/**
 * Exclusive locks for the refresh: Web Locks (`navigator.locks`) across the tabs of a browser,
 * else an in-process lock with the same exclusive-request semantics (React Native, Node, tests).
 */

/** The part of the Web Locks `LockManager` the SDK uses; `navigator.locks` satisfies it. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Web Locks' exclusive mode within one JavaScript realm: requests for a name are granted one at a
 * time in the order they were made; a lock is released when its callback's promise settles, and
 * request() settles with that promise.
 */
export function createLocalLockManager(): LockManagerLike {
  const tails = new Map<string, Promise<void>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      tails.set(name, tail);
      return previous
        .then(() => callback())
        .finally(() => {
          release();
          if (tails.get(name) === tail) tails.delete(name);
        });
    },
  };
}

// Shared by every client of this realm, so two clients in one React Native app or one page (if
// Web Locks are missing) still take turns.
const realmLocks = createLocalLockManager();

export function defaultLockManager(): LockManagerLike {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks && typeof locks.request === 'function') return locks;
  return realmLocks;
}
