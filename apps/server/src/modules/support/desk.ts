/**
 * The staff side of support: the queue (filters, SLA state, sort by due time), one ticket with
 * safe context about its requester and what it is about, replies (emailed to the requester in
 * their language) and internal notes (never shown to them), and changes (assignee, priority,
 * status, category, links to a bug, order or pre-order). Every staff action is audited and its
 * audit entry's seq kept on the conversation.
 *
 * The flows: tickets.ts (queue and ticket), staff-reply.ts, ticket-changes.ts; this file binds
 * them to one context.
 */
import type { SignedInUser } from '../../platform/viewer';
import { createDeskContext, type SupportDeskDeps } from './context';
import { reply } from './staff-reply';
import { type TicketChange, update } from './ticket-changes';
import { type QueueQuery, queue, staffMembers, ticket } from './tickets';

export type { SupportContextSources, SupportDeskDeps, SupportNotifications } from './context';
export { replyNotice } from './staff-reply';
export type { TicketChange } from './ticket-changes';
export type { QueueQuery } from './tickets';

export function createSupportDesk(deps: SupportDeskDeps) {
  const ctx = createDeskContext(deps);
  return {
    staffMembers: () => staffMembers(ctx),
    queue: (staff: SignedInUser, q: QueueQuery) => queue(ctx, staff, q),
    get: (id: string) => ticket(ctx, id),
    reply: (
      staff: SignedInUser,
      id: string,
      body: { message: string; internal?: boolean; attachments?: string[] },
    ) => reply(ctx, staff, id, body),
    update: (staff: SignedInUser, id: string, change: TicketChange) => update(ctx, staff, id, change),
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
