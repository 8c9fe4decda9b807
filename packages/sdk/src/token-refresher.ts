/**
 * Single-flight refresh. Callers in this client share one refresh; tabs take turns under a lock
 * and, inside it, re-read the stored session, so a token another tab already rotated is adopted
 * rather than presented again (which the server treats as theft and answers by ending the session).
 */
import type { AuthResponse } from '@kitwright/contracts';
import type { ApiClient } from './api-client';
import { isKitwrightError, networkError, noRefreshTokenError } from './errors';
import type { LockManagerLike } from './locks';
import { call } from './resources/call';
import {
  authResponseFromSession,
  expiresWithin,
  REFRESH_WINDOW_MS,
  type Session,
  sessionFromAuthResponse,
} from './session';
import type { SessionState } from './session-state';
import { isPromiseLike } from './storage';

const REFRESH_TIMEOUT_MS = 30_000;

export interface RefreshOutcome {
  session: Session;
  /** The server's answer, or the same shape built from another tab's fresh tokens. */
  response: AuthResponse;
  source: 'server' | 'other-tab';
}

export interface TokenRefresherDeps {
  state: SessionState;
  api: ApiClient;
  locks: LockManagerLike;
  lockName: string;
  now: () => number;
  /** Applies what another tab left in storage (rotated tokens, another user, or no session). */
  adopt(stored: Session | null): void;
  /** Holds, persists and announces the tokens that replaced `from`; resolves once they are stored. */
  rotated(session: Session, from: string): Promise<void>;
  /** The server refused `refreshToken`: the session it belonged to is over. */
  refused(refreshToken: string): Promise<void>;
}

export class TokenRefresher {
  private inflight: Promise<RefreshOutcome> | null = null;

  constructor(private readonly deps: TokenRefresherDeps) {}

  refresh(): Promise<RefreshOutcome> {
    if (this.inflight) return this.inflight;
    const stale = this.deps.state.current()?.refresh_token;
    if (!stale) return Promise.reject(noRefreshTokenError());
    const run = this.deps.locks.request(this.deps.lockName, () => this.underLock(stale));
    const shared = run.finally(() => {
      if (this.inflight === shared) this.inflight = null;
    });
    this.inflight = shared;
    return shared;
  }

  private async underLock(stale: string): Promise<RefreshOutcome> {
    const read = this.deps.state.store.read();
    const stored = isPromiseLike(read) ? await read : read;
    if (stored?.refresh_token !== stale) {
      // While this tab waited for the lock another one rotated, signed in as someone else, or
      // signed out. Its stored result is the truth now.
      this.deps.adopt(stored);
      if (!stored?.refresh_token) throw noRefreshTokenError();
      const adopted = authResponseFromSession(stored, this.deps.now());
      if (adopted && !expiresWithin(stored, REFRESH_WINDOW_MS, this.deps.now()))
        return { session: stored, response: adopted, source: 'other-tab' };
    }
    const token = stored?.refresh_token;
    if (!token) throw noRefreshTokenError();
    const response = await this.callServer(token);
    const session = sessionFromAuthResponse(response, this.deps.now());
    await this.deps.rotated(session, token);
    return { session, response, source: 'server' };
  }

  private async callServer(refreshToken: string): Promise<AuthResponse> {
    // A hung request must not hold the lock, and so every tab's refresh, for ever.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REFRESH_TIMEOUT_MS);
    try {
      return await call(this.deps.api, 'refresh', {
        body: { refresh_token: refreshToken },
        auth: 'none',
        signal: controller.signal,
      });
    } catch (err) {
      if (controller.signal.aborted) throw networkError(err);
      if (isKitwrightError(err) && (err.code === 'INVALID_TOKEN' || err.code === 'SESSION_REVOKED'))
        await this.deps.refused(refreshToken);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
