/**
 * The spec's client events and the payloads this SDK gives them (the spec leaves the payloads of
 * the per-operation and forwarded events open). No payload carries a token, so logging is safe.
 */
import type { OAuthProvider, User } from '@kitwright/contracts';

/** Where new tokens came from: this client's own refresh, or another tab's, read from storage. */
export type TokenSource = 'server' | 'other-tab';

export interface AuthEvents {
  registered: { user: User };
  login: { user: User };
  /** `user` is who was signed in (null if unknown, e.g. a token set directly). */
  logout: { user: User | null };
  tokenRefreshed: { user: User | null; expires_at: number | null; source: TokenSource };
  emailVerified: { user_id: string };
  /** The server ended every session of the user, this one included. */
  passwordChanged: { user_id: string; sessions_revoked: number };
  passwordResetRequested: { email: string };
  passwordReset: undefined;
  verificationResent: { email: string };
  'oauth-login': { provider: OAuthProvider; user: User };
}

export interface ClientEvents {
  /** The client became signed in (register, login, OAuth, or a sign-in in another tab). */
  authenticated: User;
  /** The client became signed out (logout, ended session, password change, another tab). */
  unauthenticated: undefined;
  'auth:login': AuthEvents['login'];
  'auth:logout': AuthEvents['logout'];
  'auth:tokenRefreshed': AuthEvents['tokenRefreshed'];
}

export const AUTH_EVENT_NAMES = [
  'registered',
  'login',
  'logout',
  'tokenRefreshed',
  'emailVerified',
  'passwordChanged',
  'passwordResetRequested',
  'passwordReset',
  'verificationResent',
  'oauth-login',
] as const satisfies readonly (keyof AuthEvents)[];

export const CLIENT_EVENT_NAMES = [
  'authenticated',
  'unauthenticated',
  'auth:login',
  'auth:logout',
  'auth:tokenRefreshed',
] as const satisfies readonly (keyof ClientEvents)[];
