/**
 * The authentication component: sign-up, sign-in, refresh, sign-out, email and password flows,
 * external sign-in and visitor sessions, plus the local queries on the session it holds.
 *
 * Why one file of ~420 lines: this class is the spec's authentication component, and each of its
 * methods is one operation, query or event of the client authentication state table; the
 * mechanisms behind them already live apart (token-refresher, session-state, session-store,
 * session-sync, oauth, visitor-session), so what is left is the public surface in one place.
 */
import type {
  Acknowledgement,
  AuthResponse,
  DeleteAccountRequest,
  DeleteAccountResponse,
  LoginRequest,
  OAuthProvider,
  OAuthUrlResponse,
  RegisterRequest,
  User,
  VisitorSessionResponse,
} from '@kitwright/contracts';
import type { ApiAuthHooks, ApiClient } from './api-client';
import { Emitter, type Listener, type ListenerErrorHandler } from './emitter';
import { notSignedInError } from './errors';
import type { AuthEvents } from './events';
import { readTokenClaims } from './jwt-claims';
import type { LockManagerLike } from './locks';
import { completeOAuthCallback, fetchOAuthUrl, type OAuthCallbackParams } from './oauth';
import { call } from './resources/call';
import {
  expiresWithin,
  isExpired,
  REFRESH_WINDOW_MS,
  type Session,
  sameTokens,
  sessionFromAuthResponse,
  sessionFromToken,
} from './session';
import type { SessionState } from './session-state';
import { isPromiseLike } from './storage';
import { TokenRefresher } from './token-refresher';
import type { VisitorSession } from './visitor-session';

export interface AuthClientDeps {
  api: ApiClient;
  state: SessionState;
  visitors: VisitorSession;
  locks: LockManagerLike;
  /** Names the refresh lock; tabs sharing a stored session must share it. */
  lockName: string;
  now: () => number;
  autoRefresh: boolean;
  /** The client became signed in / signed out; createClient turns these into its own events. */
  onSignedIn(user: User): void;
  onSignedOut(): void;
  onListenerError?: ListenerErrorHandler;
  /** Called after this component's own listeners for each event (createClient forwards some). */
  forward?<K extends keyof AuthEvents>(name: K, payload: AuthEvents[K]): void;
}

export type RegisterInput = RegisterRequest;
export type LoginInput = LoginRequest;

export class AuthClient {
  private readonly events: Emitter<AuthEvents>;
  private readonly refresher: TokenRefresher;

  constructor(private readonly deps: AuthClientDeps) {
    this.events = new Emitter<AuthEvents>(deps.onListenerError);
    this.refresher = new TokenRefresher({
      state: deps.state,
      api: deps.api,
      locks: deps.locks,
      lockName: deps.lockName,
      now: deps.now,
      adopt: (stored) => this.adopt(stored),
      rotated: async (session, from) => {
        // Signed out (or switched user) while the refresh was on its way: do not bring it back.
        if (this.deps.state.current()?.refresh_token !== from) return;
        await this.deps.state.set(session);
        this.emit('tokenRefreshed', {
          user: session.user,
          expires_at: session.expires_at,
          source: 'server',
        });
      },
      refused: async (refreshToken) => {
        if (this.deps.state.current()?.refresh_token === refreshToken) await this.signOutLocally();
      },
    });
  }

  on<K extends keyof AuthEvents>(name: K, listener: Listener<AuthEvents[K]>): () => void {
    return this.events.on(name, listener);
  }

  once<K extends keyof AuthEvents>(name: K, listener: Listener<AuthEvents[K]>): () => void {
    return this.events.once(name, listener);
  }

  off<K extends keyof AuthEvents>(name: K, listener: Listener<AuthEvents[K]>): void {
    this.events.off(name, listener);
  }

  // ── Queries: local state only, no requests ────────────────────────────────────────────────

  isAuthenticated(): boolean {
    return this.deps.state.current() !== null;
  }

  getUser(): User | null {
    return this.deps.state.current()?.user ?? null;
  }

  getSession(): Session | null {
    const session = this.deps.state.current();
    return session ? { ...session } : null;
  }

  getAccessToken(): string | null {
    return this.deps.state.current()?.access_token ?? null;
  }

  /** True when there is no session or its access token has expired. */
  isSessionExpired(): boolean {
    const session = this.deps.state.current();
    return session === null || isExpired(session, this.deps.now());
  }

  /** When the access token expires, in epoch milliseconds; null without a session or a known expiry. */
  getExpiresAt(): number | null {
    return this.deps.state.current()?.expires_at ?? null;
  }

  /** Milliseconds until the access token expires (0 once it has); null when unknown. */
  getExpiresIn(): number | null {
    const at = this.getExpiresAt();
    return at === null ? null : Math.max(0, at - this.deps.now());
  }

  /** Local validation: a session with an access token that has not expired. Sends nothing. */
  isSessionValid(): boolean {
    const session = this.deps.state.current();
    return session !== null && session.access_token.length > 0 && !isExpired(session, this.deps.now());
  }

  // ── Sign-up, sign-in, refresh, sign-out ───────────────────────────────────────────────────

  async register(input: RegisterInput): Promise<AuthResponse> {
    const response = await call(this.deps.api, 'register', { body: input, auth: 'none' });
    await this.signIn(response);
    this.emit('registered', { user: response.user });
    this.deps.onSignedIn(response.user);
    return response;
  }

  /** `username` holds a username or an email address. */
  async login(input: LoginInput): Promise<AuthResponse> {
    const response = await call(this.deps.api, 'login', { body: input, auth: 'none' });
    await this.signIn(response);
    this.emit('login', { user: response.user });
    this.deps.onSignedIn(response.user);
    return response;
  }

  /**
   * Rotates the stored refresh token and returns the AuthResponse. Concurrent calls, here and in
   * other tabs, share one rotation. Throws NO_REFRESH_TOKEN without a stored refresh token.
   */
  async refresh(): Promise<AuthResponse> {
    return (await this.refresher.refresh()).response;
  }

  /** Refreshes when the access token expires within 5 minutes; returns the session then held. */
  async ensureFreshSession(): Promise<Session | null> {
    const session = this.deps.state.current();
    if (session?.refresh_token && expiresWithin(session, REFRESH_WINDOW_MS, this.deps.now())) {
      await this.refresher.refresh();
    }
    return this.getSession();
  }

  /**
   * Ends the session here and on the server (with the stored refresh token). The local sign-out
   * comes first and happens whatever the server says: a user who pressed "sign out" is signed out.
   */
  async logout(): Promise<void> {
    const session = this.deps.state.current();
    // Cleared before the request, so no request or refresh can use this session meanwhile.
    const cleared = this.deps.state.set(null);
    if (!session) return cleared;
    const refreshToken = session.refresh_token;
    try {
      await call(this.deps.api, 'logout', {
        body: refreshToken ? { refresh_token: refreshToken } : {},
        auth: 'none',
        // Without a refresh token (a token set directly) the access token names the session.
        ...(refreshToken ? {} : { headers: { authorization: `Bearer ${session.access_token}` } }),
      });
    } catch {
      // Offline or refused: the server-side session then simply expires.
    }
    await cleared;
    this.emit('logout', { user: session.user });
    this.deps.onSignedOut();
  }

  /**
   * Applies an access token obtained elsewhere (server-side rendering, an external provider) to
   * this component, the API client and the WebSocket client at once. null signs out locally.
   */
  setToken(token: string | null): void {
    const current = this.deps.state.current();
    if (token === null) {
      if (!current) return;
      void this.deps.state.set(null);
      this.deps.onSignedOut();
      return;
    }
    if (current?.access_token === token) return;
    void this.deps.state.set(sessionFromToken(token, current));
  }

  /** Loads the signed-in user from the server into the session (e.g. after setToken). */
  async fetchUser(): Promise<User> {
    const user = await call(this.deps.api, 'me');
    const session = this.deps.state.current();
    if (session) await this.deps.state.set({ ...session, user });
    return user;
  }

  // ── Email and password flows ──────────────────────────────────────────────────────────────

  /** `already_verified`: the link was used before (or expired) but the address is verified. */
  async verifyEmail(token: string): Promise<{ verified: true; user_id: string; already_verified: boolean }> {
    const result = await call(this.deps.api, 'verifyEmail', { query: { token }, auth: 'none' });
    const session = this.deps.state.current();
    if (session?.user?.id === result.user_id && !session.user.email_verified) {
      await this.deps.state.set({ ...session, user: { ...session.user, email_verified: true } });
    }
    // A link opened again verifies nothing new: no event.
    if (!result.already_verified) this.emit('emailVerified', { user_id: result.user_id });
    return result;
  }

  /** Limited by the server to one request per 5 minutes per email (RATE_LIMITED). */
  async resendVerification(email: string): Promise<Acknowledgement> {
    const result = await call(this.deps.api, 'resendVerification', { body: { email }, auth: 'none' });
    this.emit('verificationResent', { email });
    return result;
  }

  /** Limited by the server to one request per 5 minutes per email (RATE_LIMITED). */
  async forgotPassword(email: string): Promise<Acknowledgement> {
    const result = await call(this.deps.api, 'forgotPassword', { body: { email }, auth: 'none' });
    this.emit('passwordResetRequested', { email });
    return result;
  }

  /** Sets a new password with the emailed token; the server ends every session of that user. */
  async resetPassword(token: string, newPassword: string): Promise<Acknowledgement> {
    const result = await call(this.deps.api, 'resetPassword', {
      body: { token, new_password: newPassword },
      auth: 'none',
    });
    this.emit('passwordReset', undefined);
    return result;
  }

  /**
   * Changes the signed-in user's password. The server ends every session, this one included, so
   * the local session is cleared: emits passwordChanged, then the client's unauthenticated.
   */
  async changePassword(
    oldPassword: string,
    newPassword: string,
  ): Promise<{ ok: true; sessions_revoked: number }> {
    const session = this.deps.state.current();
    const userId = session?.user?.id ?? (session ? readTokenClaims(session.access_token).subject : null);
    if (!session || !userId) throw notSignedInError();
    const result = await call(this.deps.api, 'changePassword', {
      params: { userId },
      body: { old_password: oldPassword, new_password: newPassword },
    });
    const stillHeld = this.deps.state.current() !== null;
    await this.deps.state.set(null);
    this.emit('passwordChanged', { user_id: userId, sessions_revoked: result.sessions_revoked });
    if (stillHeld) this.deps.onSignedOut();
    return result;
  }

  /**
   * Deletes the signed-in account for good: the server erases it at once and ends every session,
   * so this client's session is cleared too (as after a password change). Needs the username typed
   * again and the password; an account without one needs a sign-in within the last few minutes
   * (REAUTHENTICATION_REQUIRED otherwise).
   */
  async deleteAccount(input: DeleteAccountRequest): Promise<DeleteAccountResponse> {
    if (!this.deps.state.current()) throw notSignedInError();
    const result = await call(this.deps.api, 'deleteAccount', { body: input });
    const stillHeld = this.deps.state.current() !== null;
    await this.deps.state.set(null);
    if (stillHeld) this.deps.onSignedOut();
    return result;
  }

  // ── External sign-in and visitor sessions ─────────────────────────────────────────────────

  /** The provider's authorization URL to send the user to. */
  getOAuthUrl(provider: OAuthProvider): Promise<OAuthUrlResponse> {
    return fetchOAuthUrl(this.deps.api, provider);
  }

  /**
   * Finishes external sign-in with what the provider sent back. Throws OAUTH_REDIRECT (with
   * `location`) when the server answers with a redirect to the web app instead of AuthResponse.
   */
  async handleOAuthCallback(provider: OAuthProvider, params: OAuthCallbackParams): Promise<AuthResponse> {
    const response = await completeOAuthCallback(this.deps.api, provider, params);
    await this.signIn(response);
    this.emit('oauth-login', { provider, user: response.user });
    this.deps.onSignedIn(response.user);
    return response;
  }

  /** Starts an anonymous visitor session; its belongings move to the account on sign-in. */
  startVisitorSession(): Promise<VisitorSessionResponse> {
    return this.deps.visitors.start();
  }

  getVisitorToken(): string | null {
    return this.deps.visitors.current();
  }

  // ── Internals shared with createClient ────────────────────────────────────────────────────

  /** Hooks for the API client: refresh before requests and once after INVALID_TOKEN. */
  apiHooks(): ApiAuthHooks {
    return {
      beforeRequest: async () => {
        if (!this.deps.autoRefresh) return;
        // A failed refresh must not fail the request: a public endpoint still answers, and a
        // private one answers 401 with the server's own code.
        await this.ensureFreshSession().catch(() => {});
      },
      onInvalidToken: (token) => this.replaceRejectedToken(token),
      onSessionRevoked: async (token) => {
        if (this.deps.state.current()?.access_token === token) await this.signOutLocally();
      },
    };
  }

  /** After the server rejected `token` as expired or invalid: true when another token is now held. */
  async replaceRejectedToken(token: string): Promise<boolean> {
    const current = this.deps.state.current();
    if (!current || !this.deps.autoRefresh) return false;
    if (current.access_token !== token) return true;
    if (!current.refresh_token) return false;
    try {
      // Retry even if the new token reads the same: one signed within the same second for the same
      // session is byte-identical, and the server may still have refused the old one (clock skew).
      await this.refresher.refresh();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Start-up (loadSession): holds a stored session that has not expired. An expired one with a
   * refresh token is held and refreshed at once when auto-refresh is on (and dropped if the server
   * refuses it: a 30-day refresh token outlives a 15-minute access token); otherwise ignored.
   */
  restore(): void | Promise<void> {
    const read = this.deps.state.store.read();
    const apply = async (stored: Session | null): Promise<void> => {
      if (!stored) return;
      if (!isExpired(stored, this.deps.now())) {
        this.deps.state.hold(stored);
        return;
      }
      if (!this.deps.autoRefresh || !stored.refresh_token) return;
      this.deps.state.hold(stored);
      await this.refresher.refresh().catch(() => {});
    };
    if (isPromiseLike(read)) return read.then(apply);
    // Synchronous storage: a live session is held before createClient returns (first render).
    if (read && !isExpired(read, this.deps.now())) {
      this.deps.state.hold(read);
      return;
    }
    return apply(read);
  }

  /** Another tab changed the stored session: follow it. */
  async syncFromStorage(): Promise<void> {
    const read = this.deps.state.store.read();
    this.adopt(isPromiseLike(read) ? await read : read);
  }

  private adopt(stored: Session | null): void {
    const current = this.deps.state.current();
    if (sameTokens(current, stored)) {
      // Same tokens, newer details (e.g. the email was verified in another tab).
      if (stored) this.deps.state.hold(stored);
      return;
    }
    this.deps.state.hold(stored);
    if (!stored) {
      if (current) this.deps.onSignedOut();
      return;
    }
    if (current && stored.user && current.user?.id === stored.user.id) {
      this.emit('tokenRefreshed', {
        user: stored.user,
        expires_at: stored.expires_at,
        source: 'other-tab',
      });
    } else if (stored.user) {
      this.deps.onSignedIn(stored.user);
    }
  }

  private async signIn(response: AuthResponse): Promise<void> {
    await this.deps.state.set(sessionFromAuthResponse(response, this.deps.now()));
    await this.deps.visitors.drop();
  }

  private async signOutLocally(): Promise<void> {
    const had = this.deps.state.current() !== null;
    await this.deps.state.set(null);
    if (had) this.deps.onSignedOut();
  }

  private emit<K extends keyof AuthEvents>(name: K, payload: AuthEvents[K]): void {
    (this.events.emit as (name: K, payload: AuthEvents[K]) => void)(name, payload);
    this.deps.forward?.(name, payload);
  }

  /** Drops every listener (createClient's close). */
  dispose(): void {
    this.events.removeAll();
  }
}
