/**
 * The account's own part of a data export and of an erasure: who the person is, how they sign in,
 * their sessions and the visitor sessions they brought with them; and the check that the person
 * deleting the account holds it (their password, or a fresh sign-in for an account without one).
 */
import type {
  ExportedAccount,
  ExportedIdentity,
  ExportedSession,
  ExportedVisitorSession,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { rateLimitedError } from '../../platform/rate-limits';
import { rolesOf, type SignedInUser } from '../../platform/viewer';
import { supportPage } from '../../providers/email/layout';
import { AUTH_LIMITS, type AuthContext } from './context';
import * as emailTokens from './email-tokens-repo';
import { accountDeletedEmail } from './emails';
import * as identities from './identities-repo';
import { sessionsEnded } from './sessions';
import * as sessions from './sessions-repo';
import * as users from './users-repo';
import * as visitors from './visitors-repo';

/** What the account looked like just before it was erased: enough to confirm it by email. */
export interface ErasedAccount {
  id: string;
  email: string;
  displayName: string;
  locale: string;
  emailVerified: boolean;
  liveSessionIds: string[];
  sessions: number;
}

export interface AccountPart {
  account: Static<typeof ExportedAccount>;
  identities: Static<typeof ExportedIdentity>[];
  sessions: Static<typeof ExportedSession>[];
  visitor_sessions: Static<typeof ExportedVisitorSession>[];
  consent_state: 'granted' | 'denied' | 'unset';
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function createAccountData(ctx: AuthContext) {
  const { db, clock, limiter } = ctx;
  return {
    /**
     * Proves that the person asking holds the account before it is erased: the password when the
     * account has one (limited like a password change); otherwise a sign-in with the provider
     * within the last AUTH_LIMITS.reauthWindowMs, since a stolen long-lived session must not be
     * enough to delete an account.
     */
    async reauthenticate(user: SignedInUser, password: string | undefined): Promise<void> {
      const row = await users.findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED');
      if (row.password_hash) {
        if (!password)
          throw new AppError('VALIDATION_FAILED', 'Enter your password to delete the account.', {
            fields: { password: 'is required' },
          });
        const key = `reauth:${user.id}`;
        const decision = await limiter.hit(key, AUTH_LIMITS.passwordChecksPerUser, AUTH_LIMITS.loginWindowMs);
        if (!decision.allowed) throw rateLimitedError(decision);
        if (!(await verifyPassword(row.password_hash, password))) throw new AppError('WRONG_PASSWORD');
        await limiter.reset(key);
        return;
      }
      const startedAt = await sessions.sessionStartedAt(db, user.sessionId);
      if (!startedAt || clock.now().getTime() - startedAt.getTime() > AUTH_LIMITS.reauthWindowMs)
        throw new AppError(
          'REAUTHENTICATION_REQUIRED',
          'Sign in again with your provider, then delete the account within 10 minutes.',
          { window_minutes: AUTH_LIMITS.reauthWindowMs / 60_000 },
        );
    },

    /** The account, its sign-in methods and sessions (never a password hash or a token). */
    async exportPart(user: SignedInUser): Promise<AccountPart> {
      const row = await users.findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED');
      const [linked, own, claimed] = await Promise.all([
        identities.identitiesOf(db, user.id),
        sessions.sessionsOf(db, user.id),
        visitors.claimedBy(db, user.id),
      ]);
      return {
        account: {
          id: row.id,
          username: row.username,
          email: row.email,
          display_name: row.display_name,
          roles: rolesOf(row.role),
          email_verified_at: iso(row.email_verified_at),
          locale: row.locale,
          sign_up_provider: row.signup_provider,
          password_set: row.password_hash !== null,
          password_changed_at: iso(row.password_changed_at),
          source_attribution: row.source_attribution,
          created_at: row.created_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
        },
        identities: linked.map((i) => ({
          provider: i.provider,
          subject: i.subject,
          email: i.email,
          email_verified: i.email_verified,
          linked_at: i.created_at.toISOString(),
        })),
        sessions: own.map((s) => ({
          id: s.id,
          provider: s.provider,
          device_id: s.device_id,
          ip_address: s.ip_address,
          user_agent: s.user_agent,
          created_at: s.created_at.toISOString(),
          last_used_at: s.last_used_at.toISOString(),
          expires_at: s.expires_at.toISOString(),
          revoked_at: iso(s.revoked_at),
          revoked_reason: s.revoked_reason,
          current: s.id === user.sessionId,
        })),
        visitor_sessions: claimed.map((v) => ({
          id: v.id,
          created_at: v.created_at.toISOString(),
          last_seen_at: v.last_seen_at.toISOString(),
          consent_state: v.consent_state,
          source_attribution: v.source_attribution,
          claimed_at: iso(v.claimed_at),
        })),
        consent_state: row.consent_state,
      };
    },

    /** Ids of the visitor sessions the account claimed (their saves and requests became its own). */
    async claimedVisitorIds(trx: Transaction<DB>, userId: string): Promise<string[]> {
      return (await visitors.claimedBy(trx, userId)).map((v) => v.id);
    },

    /**
     * Locks the account for the erasure's transaction; the other modules' parts run after this,
     * so nothing can add to the account meanwhile. Null when it is already gone.
     */
    lockForErasure: (trx: Transaction<DB>, userId: string) => users.lockUser(trx, userId),

    /**
     * The account itself, last in the erasure's transaction: sessions (so every token stops
     * working at once), links, provider identities, claimed visitor sessions and the account row.
     * The username and the email address are free again afterwards.
     */
    async eraseAccount(trx: Transaction<DB>, row: users.UserRow): Promise<ErasedAccount> {
      const ended = await sessions.deleteUserSessions(trx, row.id, clock.now());
      await emailTokens.deleteEmailTokensOf(trx, row.id);
      await identities.deleteIdentitiesOf(trx, row.id);
      await visitors.deleteClaimedBy(trx, row.id);
      if (!(await users.deleteUser(trx, row.id))) throw new AppError('UNAUTHENTICATED');
      return {
        id: row.id,
        email: row.email,
        displayName: row.display_name,
        locale: row.locale,
        emailVerified: row.email_verified_at !== null,
        liveSessionIds: ended.live,
        sessions: ended.all,
      };
    },

    /**
     * After the erasure committed: the ended sessions' sockets close wherever they are held, and a
     * verified address gets the confirmation (sent after the answer; a failed send is logged).
     * Returns whether a confirmation is on its way.
     */
    async accountErased(erased: ErasedAccount): Promise<boolean> {
      await sessionsEnded(ctx, erased.liveSessionIds);
      if (!erased.emailVerified) return false;
      ctx.background.run('account-deleted-email', () =>
        ctx.email.send(
          accountDeletedEmail(
            erased.email,
            erased.displayName,
            erased.locale,
            supportPage(ctx.config.frontendUrl),
          ),
        ),
      );
      return true;
    },
  };
}
