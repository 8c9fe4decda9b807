/** Moderation's part of erasing an account: its reports stay, under its pseudonymous reference. */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './repo';

/** Erasing an account, in its transaction: its reports stay, under its pseudonymous reference. */
export function detachReporter(
  trx: Transaction<DB>,
  userId: string,
  visitorIds: readonly string[],
  ref: string,
) {
  return repo.detachReporter(trx, userId, visitorIds, ref);
}
