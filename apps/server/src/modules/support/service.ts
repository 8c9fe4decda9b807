/**
 * Support for requesters, people and visitors: open a conversation (a question, a bug, a listing
 * to report), read its thread, reply or add evidence, close or reopen it. A first response is due
 * the same business day (business-hours.ts). A reply needs an address: a signed-in person has
 * their account's, anyone else must give one, and follows up through the signed link emailed to
 * it (`?token=` or the `x-support-token` header). Staff work the queue through desk.ts.
 *
 * The flows: opening.ts (a new conversation), follow-up.ts (the requester's thread),
 * personal-data.ts (export, erasure, a visitor's claim); this file binds them to one context.
 */
import type { CreateSupportRequest } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Owner } from '../../platform/viewer';
import { createSupportContext, type Follower, type SupportDeps } from './context';
import { get, list, overdue, page, reply, update } from './follow-up';
import { create, type OpeningMeta } from './opening';
import { claim, detachFrom, exportFor } from './personal-data';

export { firstResponseDue } from './business-hours';
export type { AfterCommit, Follower, ListingConversations, SupportDeps, SupportSettings } from './context';
export type { OpeningMeta } from './opening';

export function createSupportService(deps: SupportDeps) {
  const ctx = createSupportContext(deps);
  return {
    overdue: (now: Date) => overdue(ctx, now),
    create: (requester: Owner, body: CreateSupportRequest, meta: OpeningMeta) =>
      create(ctx, requester, body, meta),
    list: (owner: Owner, limit?: number) => list(ctx, owner, limit),
    page: (owner: Owner, cursor: string | null, limit?: number) => page(ctx, owner, cursor, limit),
    get: (follower: Follower | Owner, id: string) => get(ctx, follower, id),
    reply: (follower: Follower, id: string, body: { message: string; attachments?: string[] }) =>
      reply(ctx, follower, id, body),
    update: (follower: Follower, id: string, action: 'close' | 'reopen') => update(ctx, follower, id, action),
    claim: (trx: Transaction<DB>, visitorId: string, userId: string) => claim(trx, visitorId, userId),
    exportFor: (userId: string, visitorIds: readonly string[]) => exportFor(ctx, userId, visitorIds),
    detachFrom: (trx: Transaction<DB>, userId: string, visitorIds: readonly string[], ref: string) =>
      detachFrom(trx, userId, visitorIds, ref),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
