/**
 * The session this client holds. A change applies in memory at once (so the API and WebSocket
 * clients get the token synchronously), then is written to storage and announced to other tabs.
 */
import type { Session } from './session';
import type { SessionStore } from './session-store';
import type { SessionSync } from './session-sync';
import { isPromiseLike } from './storage';

export type SessionListener = (next: Session | null, previous: Session | null) => void;

export class SessionState {
  private session: Session | null = null;
  private readonly listeners = new Set<SessionListener>();

  constructor(
    readonly store: SessionStore,
    private readonly sync: SessionSync,
  ) {}

  current(): Session | null {
    return this.session;
  }

  /** Listeners run synchronously on every change, before set() returns. */
  onChange(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Holds `next`, then persists it and tells other tabs. Resolves once the write has landed, so a
   * tab that is told can read it.
   */
  async set(next: Session | null): Promise<void> {
    this.hold(next);
    const written = this.store.write(next);
    if (isPromiseLike(written)) await written;
    this.sync.announce();
  }

  /** Holds a session in memory only: one just read from storage (start-up, another tab's change). */
  hold(next: Session | null): void {
    const previous = this.session;
    this.session = next;
    if (previous === next) return;
    for (const listener of [...this.listeners]) listener(next, previous);
  }

  close(): void {
    this.sync.close();
    this.listeners.clear();
  }
}
