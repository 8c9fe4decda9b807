/**
 * Support's part of a person's data: the visitor's conversations follow them when they sign in,
 * their account export carries every conversation they opened, and erasing the account detaches
 * its conversations (kept for their retention period under a pseudonymous reference).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type SupportContext, toConversations } from './context';
import * as repo from './repo';

/** On sign-in the visitor's conversations follow them. */
export function claim(trx: Transaction<DB>, visitorId: string, userId: string) {
  return repo.moveVisitorConversations(trx, visitorId, userId);
}

/** Every conversation a person opened, with its thread and the reply address (their account export). */
export async function exportFor(ctx: SupportContext, userId: string, visitorIds: readonly string[]) {
  const rows = await repo.allOf(ctx.db, userId, visitorIds);
  const threads = await toConversations(ctx, rows);
  return threads.map((thread, i) => ({
    ...thread,
    contact_email: rows[i]?.contact_email ?? null,
    language: rows[i]?.language ?? 'en',
  }));
}

/**
 * Erasing an account, in its transaction: its conversations are kept for their retention
 * period but detached from it, under the account's pseudonymous reference. Returns how many.
 */
export function detachFrom(trx: Transaction<DB>, userId: string, visitorIds: readonly string[], ref: string) {
  return repo.detach(trx, userId, visitorIds, ref);
}
