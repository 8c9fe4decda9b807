/**
 * Reads and writes the session JSON under `state_server_session` through the storage adapter.
 * Synchronous when the adapter is (localStorage), so a restored session is there on first render.
 */
import { parseSession, type Session, serializeSession } from './session';
import { isPromiseLike, type MaybePromise, type StorageAdapter } from './storage';

export const SESSION_STORAGE_KEY = 'state_server_session';

export class SessionStore {
  constructor(
    private readonly storage: StorageAdapter,
    readonly key: string = SESSION_STORAGE_KEY,
  ) {}

  read(): MaybePromise<Session | null> {
    let raw: MaybePromise<string | null>;
    try {
      raw = this.storage.getItem(this.key);
    } catch {
      return null;
    }
    if (isPromiseLike(raw)) return raw.then(parseSession, () => null);
    return parseSession(raw);
  }

  /** Writes (or, for null, removes) the session. A failing storage leaves the session in memory only. */
  write(session: Session | null): MaybePromise<void> {
    try {
      const result =
        session === null
          ? this.storage.removeItem(this.key)
          : this.storage.setItem(this.key, serializeSession(session));
      if (isPromiseLike(result)) return result.catch(() => {});
    } catch {
      // Quota exceeded or storage disabled: nothing more to do than keep working from memory.
    }
  }
}
