/**
 * Accounts and sign-in, made of one flow per concern over a shared context; this is the surface
 * routes, the admin and realtime routes and the composition root use.
 */
import { createAccountData } from './account-data';
import { createAccounts } from './accounts';
import { type AuthServiceDeps, createAuthContext } from './context';
import { createEmailFlows } from './email-flows';
import { createOAuth } from './oauth';
import { createPasswords } from './passwords';
import { createSessions } from './sessions';

export type { AccountPart, ErasedAccount } from './account-data';
export { toUser } from './accounts';
export { AUTH_LIMITS, type AuthServiceDeps, type RequestMeta } from './context';
export { appleUserName } from './oauth';

export function createAuthService(deps: AuthServiceDeps) {
  const ctx = createAuthContext(deps);
  // The flows share no method names, so nothing here is hidden by a later spread.
  return {
    ...createPasswords(ctx),
    ...createSessions(ctx),
    ...createEmailFlows(ctx),
    ...createOAuth(ctx),
    ...createAccounts(ctx),
    ...createAccountData(ctx),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
