/**
 * A person's account as a whole (UK GDPR rights of access and erasure): the export of everything
 * the platform holds about them and the deletion of the account. This module has no tables: each
 * module gives its own part through its face's personal-data hooks (platform/module.ts), the export
 * is their sum (export.ts) and the erasure runs every part, in reverse list order, in one audited
 * transaction (erasure.ts), so an account is either wholly erased or untouched.
 */
import type { DeleteAccountRequest } from '@kitwright/contracts';
import type { SignedInUser } from '../../platform/viewer';
import type { AccountContext, AccountDeps } from './context';
import { erase } from './erasure';
import { exportFor } from './export';

export type { AccountDeps } from './context';

export function createAccountService(deps: AccountDeps) {
  const ctx: AccountContext = deps;
  return {
    exportFor: (user: SignedInUser, locale: string | null) => exportFor(ctx, user, locale),
    erase: (user: SignedInUser, body: DeleteAccountRequest) => erase(ctx, user, body),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
