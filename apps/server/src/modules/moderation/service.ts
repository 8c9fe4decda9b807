/**
 * Reports and moderation that can act (issue 14). Reports arrive through support (`opened()` runs in
 * the support conversation's transaction); enough distinct reporters hide a listing at once. Staff
 * read the queue and decide: approve, reject, hide, restore, request changes. Each decision is
 * audited, recorded, told to the owner (in-app and by email, in their language) and drops the
 * gallery's caches; an owner may appeal a reject, hide or request for changes once.
 *
 * The state machine (docs/decisions.md; moderation_decisions' CHECK holds the same pairs):
 *   approve          pending | rejected | changes_requested → approved (approved → approved when queued: reports dismissed)
 *   reject           pending | approved | hidden | changes_requested → rejected
 *   hide             pending | approved → hidden
 *   restore          hidden → approved
 *   request_changes  pending | approved | hidden → changes_requested (the owner's edit → pending)
 *
 * The flows: reports.ts (reports and appeals), queue.ts, decisions.ts, personal-data.ts; this file
 * binds them to one context.
 */
import type { ModerationDecisionRequest } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ListingConversations } from '../support/face';
import { createModerationContext, type ModerationDeps } from './context';
import { decide } from './decisions';
import { detachReporter } from './personal-data';
import { forget, history, type ModerationQueueQuery, queue, sentToReview } from './queue';
import { opened } from './reports';

export { automaticChecks, type ModerationFinding } from './checks';
export type { ModeratedListings, ModerationDeps, ReservationHolders } from './context';
export type { ModerationQueueQuery } from './queue';

export function createModerationService(deps: ModerationDeps) {
  const ctx = createModerationContext(deps);
  const conversations: ListingConversations = { opened: (trx, c) => opened(ctx, trx, c) };
  return {
    conversations,
    detachReporter: (trx: Transaction<DB>, userId: string, visitorIds: readonly string[], ref: string) =>
      detachReporter(trx, userId, visitorIds, ref),
    forget: (trx: Transaction<DB>, listingId: string) => forget(trx, listingId),
    sentToReview: (trx: Transaction<DB>, listingId: string) => sentToReview(ctx, trx, listingId),
    queue: (query: ModerationQueueQuery) => queue(ctx, query),
    history: (listingId: string) => history(ctx, listingId),
    decide: (staff: { id: string }, listingId: string, body: ModerationDecisionRequest) =>
      decide(ctx, staff, listingId, body),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
