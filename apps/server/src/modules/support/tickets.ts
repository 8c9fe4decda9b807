/**
 * Staff read the support queue (filters, SLA state, sorted by due time) and one ticket with safe
 * context about its requester and what it is about, read through the other modules' services.
 */
import {
  SUPPORT_STAFF_LIST_MAX,
  type SupportStaffList,
  type SupportTicket,
  type SupportTicketDetail,
} from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { SignedInUser } from '../../platform/viewer';
import type { DeskContext } from './context';
import type { ConversationRow, QueueFilters } from './repo';
import * as repo from './repo';
import { staffViews } from './thread';

const HOUR = 3600_000;

export interface QueueQuery {
  cursor?: string;
  limit?: number;
  status?: string;
  priority?: string;
  category?: string;
  sla?: 'due' | 'overdue' | 'met' | 'breached';
  assignee?: string;
  requester_user_id?: string;
  resource_type?: string;
  resource_id?: string;
  min_age_hours?: number;
  max_age_hours?: number;
  sort?: 'due' | 'created' | 'updated';
}

function views(ctx: DeskContext, rows: ConversationRow[]) {
  return staffViews(ctx.db, rows, ctx.clock.now(), ctx.settings.reopenDays, ctx.media.summaries, (ids) =>
    ctx.people.byIds(ids),
  );
}

async function requesterContext(
  ctx: DeskContext,
  row: ConversationRow,
): Promise<SupportTicketDetail['context']> {
  const userId = row.requester_user_id;
  const [account, listings, reservations, jobs, resource] = await Promise.all([
    userId ? ctx.people.account(userId) : null,
    userId ? ctx.context.listingsOf(userId) : [],
    userId ? ctx.context.reservationsOf(userId) : [],
    userId ? ctx.context.jobsOf(userId) : [],
    row.resource_type && row.resource_id ? ctx.context.resource(row.resource_type, row.resource_id) : null,
  ]);
  return {
    account: account?.summary ?? null,
    listings,
    reservations,
    jobs,
    resource:
      row.resource_type && row.resource_id
        ? {
            type: row.resource_type,
            id: row.resource_id,
            // undefined: this kind of resource is not looked up; null: it does not exist (any more).
            found: resource === undefined ? null : resource !== null,
            title: resource?.title ?? null,
            state: resource?.state ?? null,
            owner_user_id: resource?.owner_user_id ?? null,
          }
        : null,
  };
}

/** One ticket as staff read it, with its requester's context (after a change, too). */
export async function ticketDetail(ctx: DeskContext, id: string): Promise<SupportTicketDetail> {
  const row = await repo.findConversation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [ticket] = await views(ctx, [row]);
  return { ...(ticket as SupportTicket), context: await requesterContext(ctx, row) };
}

/** Whom a conversation can be assigned to: every staff member and founder. */
export async function staffMembers(ctx: DeskContext): Promise<SupportStaffList> {
  return { items: await ctx.people.staffMembers(SUPPORT_STAFF_LIST_MAX) };
}

export async function queue(
  ctx: DeskContext,
  staff: SignedInUser,
  q: QueueQuery,
): Promise<{ items: SupportTicket[]; next_cursor: string | null }> {
  const now = ctx.clock.now();
  const limit = q.limit ?? 20;
  const filters: QueueFilters = {
    ...(q.status ? { status: q.status } : {}),
    ...(q.priority ? { priority: q.priority } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.sla ? { sla: q.sla } : {}),
    ...(q.assignee
      ? { assignee: q.assignee === 'unassigned' ? null : q.assignee === 'me' ? staff.id : q.assignee }
      : {}),
    ...(q.requester_user_id ? { requesterUserId: q.requester_user_id } : {}),
    ...(q.resource_type ? { resourceType: q.resource_type } : {}),
    ...(q.resource_id ? { resourceId: q.resource_id } : {}),
    ...(q.min_age_hours !== undefined
      ? { openedBefore: new Date(now.getTime() - q.min_age_hours * HOUR) }
      : {}),
    ...(q.max_age_hours !== undefined
      ? { openedAfter: new Date(now.getTime() - q.max_age_hours * HOUR) }
      : {}),
  };
  const sort = q.sort ?? 'due';
  const rows = await repo.queue(
    ctx.db,
    filters,
    sort,
    now,
    q.cursor ? readTimeCursor(q.cursor) : null,
    limit + 1,
  );
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({
    at: sort === 'due' ? r.first_response_due_at : sort === 'created' ? r.created_at : r.updated_at,
    id: r.id,
  }));
  return { items: await views(ctx, page), next_cursor };
}

export async function ticket(ctx: DeskContext, id: string): Promise<SupportTicketDetail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  return ticketDetail(ctx, id);
}
