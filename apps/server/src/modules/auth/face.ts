/**
 * The auth module's face: accounts, sessions and visitor sessions; the people other modules show
 * (profiles); the account's own part of an export and erasure, which the account module runs; the
 * sign-up hook the beta module fills (invitations); expired tokens and OAuth attempts pruned.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type ModuleFace, providedLater } from '../../platform/module';
import type { RealtimePublisher } from '../../platform/realtime-relay';
import { createAccessTokens } from './access-tokens';
import { type AnalyticsIdentity, createAnalyticsIdentity } from './analytics-identity';
import type { AuthServiceDeps } from './context';
import { createAuthMaintenance } from './maintenance';
import { createProfiles, type Profiles } from './profiles';
import { authRoutes } from './routes';
import { type AuthService, createAuthService } from './service';
import { createVisitorSessions, type VisitorClaimHandler, type VisitorSessions } from './visitor-sessions';

export { type Profile, type Profiles, unknownProfile } from './profiles';
export * as stats from './stats';
export type { AnalyticsIdentity };
export { createAnalyticsIdentity };

/** What other modules and app.ts call of auth. */
export interface AuthApi {
  /** Who a request is (app.ts installs it as the viewer). */
  resolveViewer: AuthService['resolveViewer'];
  /** The account's part of an export and erasure (the account module runs them), a role change (admin) and a socket's sign-in (realtime). */
  accounts: Pick<
    AuthService,
    | 'exportPart'
    | 'reauthenticate'
    | 'lockForErasure'
    | 'claimedVisitorIds'
    | 'eraseAccount'
    | 'accountErased'
    | 'changeRole'
    | 'userForAccessToken'
  >;
  visitors: Pick<VisitorSessions, 'ensure'>;
  /** Registers what moves to an account when it claims a visitor session (compose.ts, from the list). */
  onVisitorClaim(handler: VisitorClaimHandler): void;
  profiles: Profiles;
  /** Filled by the beta module: a new account redeems its invitation in its sign-up transaction. */
  provideInvitations(
    claim: (trx: Transaction<DB>, code: string | null | undefined, userId: string) => Promise<unknown>,
  ): void;
}

type AuthFaceDeps = Omit<AuthServiceDeps, 'visitors' | 'tokens' | 'invitations' | 'sessionsEnded'> & {
  publisher: Pick<RealtimePublisher, 'endSessions'>;
  /** The identity store platform/product-events already reads (made before the faces). */
  analyticsIdentity: AnalyticsIdentity;
  /** How long expired rows are kept (workers/housekeeping's RETENTION). */
  retention: { oauthAttemptsAfterExpiryMs: number; emailTokensAfterExpiryMs: number };
};

export function authFace(deps: AuthFaceDeps): ModuleFace<AuthApi> {
  const { db, clock, config } = deps;
  const visitors = createVisitorSessions({ db, clock, config, limiter: deps.limiter });
  const invitations = providedLater<[Transaction<DB>, string | null | undefined, string], Promise<unknown>>(
    'auth invitations (the beta module)',
  );
  const auth = createAuthService({
    ...deps,
    visitors,
    tokens: createAccessTokens(config.secrets.authToken, config.publicBaseUrl, clock),
    // Sockets of ended sessions close in whichever API process holds them.
    sessionsEnded: (sessionIds) => deps.publisher.endSessions(sessionIds),
    invitations: { claimForSignUp: invitations.call },
  });
  const maintenance = createAuthMaintenance(db);
  const { retention } = deps;
  return {
    name: 'auth',
    api: {
      resolveViewer: (request) => auth.resolveViewer(request),
      accounts: auth,
      visitors,
      onVisitorClaim: (handler) => visitors.onClaim(handler),
      profiles: createProfiles(db),
      provideInvitations: invitations.provide,
    },
    routes: async ({ app }) => {
      await app.register(authRoutes, { auth, visitors, config });
    },
    prune: [
      {
        table: 'oauth_attempts',
        pruneBatch: (now, limit) =>
          maintenance.pruneOAuthAttempts(
            new Date(now.getTime() - retention.oauthAttemptsAfterExpiryMs),
            limit,
          ),
      },
      {
        table: 'email_tokens',
        pruneBatch: (now, limit) =>
          maintenance.pruneEmailTokens(new Date(now.getTime() - retention.emailTokensAfterExpiryMs), limit),
      },
    ],
    personalData: {
      // Consent and attribution stored on a visitor session move to the account that claims it.
      claim: (trx, visitorId, userId) => deps.analyticsIdentity.adoptVisitor(trx, visitorId, userId),
    },
  };
}
