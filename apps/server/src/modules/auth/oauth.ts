/**
 * External sign-in with Google or Apple (PKCE, state and nonce): the authorization URL, the
 * callback that signs in, links or creates the account, and Apple's first-sign-in name. Every
 * attempt is bound to the browser that began it (oauth-binding.ts).
 */
import type { AuthResponse, OAuthProvider } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import * as oidc from 'openid-client';
import type { DB } from '../../db/schema';
import type { AuditWriter } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { sha256Hex } from '../../platform/secrets';
import { type OAuthClient, OAuthProviderError } from '../../providers/oauth/oauth-provider';
import { emitSignup } from './accounts';
import { AUTH_LIMITS, type AuthContext, type RequestMeta } from './context';
import { sendVerification } from './email-flows';
import * as identities from './identities-repo';
import { type BindingCheck, createOAuthBindings, type OAuthBindings } from './oauth-binding';
import { authResponse, issueSession } from './sessions';
import * as users from './users-repo';

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

/** The account already has an identity with this provider, and it is a different one. */
function linkedElsewhere(provider: OAuthProvider): AppError {
  const name = PROVIDER_NAMES[provider];
  return new AppError(
    'OAUTH_ACCOUNT_CONFLICT',
    `Your Kitwright account is already linked to a different ${name} account. Sign in with that ${name} account, or with your password.`,
    { reason: 'provider_already_linked', provider },
  );
}

/** The name Apple posts as the `user` form field on a first sign-in: {"name":{"firstName","lastName"}}. */
export function appleUserName(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  try {
    const name = (JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const parts = [name?.firstName, name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    const joined = parts
      .join(' ')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 80)
      .trim();
    return joined || null;
  } catch {
    return null;
  }
}

async function uniqueUsername(q: Kysely<DB>, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'maker')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 24)
    .padEnd(3, '0');
  if (!(await users.usernameTaken(q, base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${Math.floor(Math.random() * 10_000)}`;
    if (!(await users.usernameTaken(q, candidate))) return candidate;
  }
  return `${base.slice(0, 16)}-${newId().slice(-12)}`;
}

type Cookies = Record<string, string | undefined>;
type ProviderIdentity = Awaited<ReturnType<OAuthClient['exchange']>>;
type OAuthAttempt = NonNullable<Awaited<ReturnType<typeof identities.consumeOAuthAttempt>>>;
type OAuthSignIn = AuthResponse & { isNewUser: boolean; visitorClaimed: boolean };

/** What the external sign-in flows share: the auth context and the browser bindings of attempts. */
export interface OAuthContext extends AuthContext {
  bindings: OAuthBindings;
}

/** The external sign-in flows bound to one context. */
export function createOAuth(auth: AuthContext) {
  const ctx: OAuthContext = { ...auth, bindings: createOAuthBindings(auth.config.secrets.cookie) };
  return {
    oauthUrl: (
      provider: OAuthProvider,
      meta: RequestMeta,
      invitationCode: string | null,
      presented: Cookies,
    ) => oauthUrl(ctx, provider, meta, invitationCode, presented),
    oauthCallback: (
      provider: OAuthProvider,
      params: URLSearchParams,
      presented: Cookies,
      meta: RequestMeta,
    ) => oauthCallback(ctx, provider, params, presented, meta),
    rememberProviderName: (provider: OAuthProvider, state: string, rawUser: unknown) =>
      rememberProviderName(ctx, provider, state, rawUser),
  };
}

/**
 * The provider's authorization URL, and the cookie that binds the attempt to this browser
 * (with the names of this browser's older attempt cookies to clear).
 */
export async function oauthUrl(
  ctx: OAuthContext,
  provider: OAuthProvider,
  meta: RequestMeta,
  invitationCode: string | null,
  presented: Cookies,
) {
  if (!ctx.oauth) throw new AppError('PROVIDER_UNAVAILABLE');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  let url: string;
  try {
    url = await ctx.oauth.authorizationUrl(provider, {
      state,
      nonce,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    });
  } catch (err) {
    ctx.logger.error({ err, provider }, 'OAuth provider unavailable');
    throw new AppError('PROVIDER_UNAVAILABLE');
  }
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.oauthAttemptTtlMs);
  await identities.insertOAuthAttempt(ctx.db, {
    stateHash: sha256Hex(state),
    provider,
    visitorId: meta.visitorId,
    invitationCode,
    now,
    expiresAt,
  });
  const cookie = ctx.bindings.bind(
    { provider, state, codeVerifier, nonce, expiresAt: expiresAt.getTime() },
    presented,
    now,
  );
  return {
    url,
    state,
    provider,
    cookie: { ...cookie, maxAgeSeconds: AUTH_LIMITS.oauthAttemptTtlMs / 1000 },
  };
}

/**
 * Finishes an attempt, for the browser that began it only: the request must present the
 * attempt's cookie, whose verifier and nonce the exchange uses. A visitor session's belongings
 * move to the account only when the session that began the attempt is the one finishing it.
 */
export async function oauthCallback(
  ctx: OAuthContext,
  provider: OAuthProvider,
  params: URLSearchParams,
  presented: Cookies,
  meta: RequestMeta,
): Promise<OAuthSignIn> {
  if (!ctx.oauth) throw new AppError('PROVIDER_UNAVAILABLE');
  const { state, binding, attempt } = await acceptReturn(ctx, provider, params, presented);
  const identity = await exchangeIdentity(ctx, ctx.oauth, provider, params, state, binding);
  if (!identity.email)
    throw new AppError('OAUTH_FAILED', 'The provider did not share an email address.', {
      reason: 'no_email',
    });
  // Never the attempt's visitor alone, nor another one than began it.
  const visitorId =
    meta.visitorId !== null && meta.visitorId === attempt.visitor_session_id ? meta.visitorId : null;
  const result = await signInWithIdentity(ctx, provider, identity, identity.email.toLowerCase(), attempt, {
    ...meta,
    visitorId,
  });
  if (result.isNewUser) {
    await emitSignup(ctx, result.user, provider, meta);
    if (!result.user.email_verified_at) await sendVerification(ctx, result.user);
  }
  return {
    ...(await authResponse(ctx, result.user, result.sessionId, result.refreshToken)),
    isNewUser: result.isNewUser,
    visitorClaimed: visitorId !== null,
  };
}

/** The return's state, the browser's binding for it and the attempt it uses up, or why not. */
async function acceptReturn(
  ctx: OAuthContext,
  provider: OAuthProvider,
  params: URLSearchParams,
  presented: Cookies,
): Promise<{
  state: string;
  binding: Extract<BindingCheck, { ok: true }>['binding'];
  attempt: OAuthAttempt;
}> {
  const state = params.get('state');
  if (params.get('error') || !params.get('code') || !state) {
    throw new AppError('OAUTH_FAILED', undefined, {
      reason: params.get('error') ?? 'missing_code_or_state',
    });
  }
  // A browser that began a different attempt, or none, must not finish this one: a return
  // link someone else started would sign this browser into their account.
  const bound = ctx.bindings.check(presented, provider, state, ctx.clock.now());
  if (!bound.ok)
    throw new AppError(
      'OAUTH_FAILED',
      'This sign-in was not started in this browser. Start it again from the sign-in page.',
      { reason: bound.reason },
    );
  const attempt = await identities.consumeOAuthAttempt(ctx.db, sha256Hex(state), provider, ctx.clock.now());
  if (!attempt) throw new AppError('OAUTH_FAILED', undefined, { reason: 'unknown_or_expired_state' });
  return { state, binding: bound.binding, attempt };
}

/** The provider's identity for the returned code, exchanged with the attempt's verifier and nonce. */
async function exchangeIdentity(
  ctx: OAuthContext,
  client: OAuthClient,
  provider: OAuthProvider,
  params: URLSearchParams,
  state: string,
  binding: { codeVerifier: string; nonce: string },
): Promise<ProviderIdentity> {
  try {
    return await client.exchange(provider, {
      params,
      codeVerifier: binding.codeVerifier,
      state,
      nonce: binding.nonce,
    });
  } catch (err) {
    ctx.logger.warn({ err, provider }, 'OAuth exchange failed');
    if (err instanceof OAuthProviderError && err.kind === 'unreachable')
      throw new AppError('PROVIDER_UNAVAILABLE');
    throw new AppError('OAUTH_FAILED', undefined, { reason: 'exchange_failed' });
  }
}

/** In one audited transaction: the account (found, or created), the identity linked, a new session. */
async function signInWithIdentity(
  ctx: OAuthContext,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  email: string,
  attempt: OAuthAttempt,
  meta: RequestMeta,
) {
  // Apple shares the name only in the form post of a first sign-in (kept with the attempt).
  const name = attempt.provider_name ?? identity.name;
  const now = ctx.clock.now();
  return ctx.audited(async (trx, audit) => {
    const { user, isNewUser, alreadyLinked } = await accountForIdentity(trx, provider, identity, email, {
      name,
      now,
      sourceAttribution: meta.sourceAttribution ?? {},
    });
    if (isNewUser) {
      await ctx.invitations?.claimForSignUp(trx, attempt.beta_invitation_code, user.id);
      await audit({
        actor: { type: 'user', id: user.id },
        action: 'user.registered',
        resourceType: 'user',
        resourceId: user.id,
        details: { provider },
      });
    }
    if (!alreadyLinked) await linkIdentity(trx, audit, user, provider, identity, email, isNewUser, now);
    const session = await issueSession(ctx, trx, user, provider, meta);
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'auth.signed_in',
      resourceType: 'auth_session',
      resourceId: session.sessionId,
      details: { provider },
    });
    return { user, isNewUser, ...session };
  });
}

/**
 * The account an identity signs into: the one it is linked to, the verified one with its email,
 * or a new one. A concurrent sign-in may take the username or the email, or link this identity,
 * between our reads and our insert; the insert then does nothing and the next round reads again.
 */
async function accountForIdentity(
  trx: Transaction<DB>,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  email: string,
  fresh: { name: string | null | undefined; now: Date; sourceAttribution: Record<string, string> },
): Promise<{ user: users.UserRow; isNewUser: boolean; alreadyLinked: boolean }> {
  let isNewUser = false;
  let alreadyLinked = false;
  let user: users.UserRow | undefined;
  for (let round = 0; round < 5 && !user; round++) {
    const linked = await identities.findIdentity(trx, provider, identity.subject);
    if (linked) {
      user = await users.findUserById(trx, linked.user_id);
      alreadyLinked = Boolean(user);
      if (user) break;
    }
    const existing = await users.findUserByEmail(trx, email);
    if (existing) {
      if (!identity.emailVerified || !existing.email_verified_at)
        throw new AppError('OAUTH_ACCOUNT_CONFLICT');
      // One identity per provider: an account linked to one Google (or Apple) account is
      // not taken over by another one that shares its address.
      const other = await identities.findIdentityOfUser(trx, existing.id, provider);
      if (other && other.subject !== identity.subject) throw linkedElsewhere(provider);
      user = existing;
      break;
    }
    const username = await uniqueUsername(trx, email);
    user = await users.insertUserIfFree(trx, {
      id: newId(),
      username,
      email,
      passwordHash: null,
      displayName: fresh.name?.slice(0, 80).trim() || username,
      locale: 'en',
      signupProvider: provider,
      emailVerifiedAt: identity.emailVerified ? fresh.now : null,
      sourceAttribution: fresh.sourceAttribution,
      now: fresh.now,
    });
    isNewUser = Boolean(user);
  }
  if (!user) throw new AppError('CONFLICT', 'Signing in collided with another sign-in. Try again.');
  return { user, isNewUser, alreadyLinked };
}

/** Links the identity to the account; linked meanwhile is fine only if to this same account. */
async function linkIdentity(
  trx: Transaction<DB>,
  audit: AuditWriter,
  user: users.UserRow,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  email: string,
  isNewUser: boolean,
  now: Date,
): Promise<void> {
  const link = await identities.insertIdentity(trx, {
    id: newId(),
    userId: user.id,
    provider,
    subject: identity.subject,
    email,
    emailVerified: identity.emailVerified,
    now,
  });
  if (!link) {
    // Linked meanwhile: fine if it is this identity on this account, refused otherwise.
    const winner = await identities.findIdentity(trx, provider, identity.subject);
    if (winner?.user_id !== user.id) throw linkedElsewhere(provider);
  } else if (!isNewUser) {
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'user.identity_linked',
      resourceType: 'user',
      resourceId: user.id,
      details: { provider },
    });
  }
}

/**
 * Apple posts the person's name (the `user` form field) with the callback of a first sign-in
 * only, and the web app finishes the sign-in through another request: keep the name with the
 * open attempt, for the account that callback may create. First name kept wins.
 */
export async function rememberProviderName(
  ctx: OAuthContext,
  provider: OAuthProvider,
  state: string,
  rawUser: unknown,
): Promise<void> {
  const name = appleUserName(rawUser);
  if (!name || state.length > 512) return;
  await identities.setOAuthAttemptName(ctx.db, sha256Hex(state), provider, name, ctx.clock.now());
}
