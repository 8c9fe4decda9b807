/** SQL for support conversations and their messages. */
import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB, SupportConversationsTable, SupportMessagesTable } from '../../db/schema';
import { ofPerson } from '../../platform/owner-column';
import type { TimeKey } from '../../platform/pagination';
import type { Owner } from '../../platform/viewer';

type Q = Kysely<DB> | Transaction<DB>;

export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;

export function insertConversation(q: Q, values: Insertable<SupportConversationsTable>) {
  return q.insertInto('support_conversations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertMessage(q: Q, values: Insertable<SupportMessagesTable>) {
  await q.insertInto('support_messages').values(values).execute();
}

/** The messages of the given conversations, oldest first; without internal notes unless asked. */
export function messagesOf(q: Q, conversationIds: readonly string[], withInternal = false) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  let query = q
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', 'in', [...conversationIds]);
  if (!withInternal) query = query.where('internal', '=', false);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The attachments (message and upload ids) of the given conversations. */
export function attachmentsOf(q: Q, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('support_attachments')
    .select(['message_id', 'upload_id'])
    .where('conversation_id', 'in', [...conversationIds])
    .orderBy('upload_id')
    .execute();
}

export async function insertAttachments(
  q: Q,
  conversationId: string,
  messageId: string,
  uploadIds: readonly string[],
) {
  if (uploadIds.length === 0) return;
  await q
    .insertInto('support_attachments')
    .values(
      uploadIds.map((upload_id) => ({ message_id: messageId, upload_id, conversation_id: conversationId })),
    )
    .execute();
}

export function linksOf(q: Q, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('support_links')
    .selectAll()
    .where('conversation_id', 'in', [...conversationIds])
    .orderBy('created_at')
    .orderBy('reference')
    .execute();
}

/** Adds a link; false when the conversation already has it. */
export async function addLink(
  q: Q,
  values: {
    conversation_id: string;
    type: 'bug' | 'order' | 'preorder';
    reference: string;
    created_by: string;
    created_at: Date;
  },
): Promise<boolean> {
  const rows = await q
    .insertInto('support_links')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('reference')
    .execute();
  return rows.length > 0;
}

export async function removeLink(
  q: Q,
  conversationId: string,
  type: string,
  reference: string,
): Promise<boolean> {
  const rows = await q
    .deleteFrom('support_links')
    .where('conversation_id', '=', conversationId)
    .where('type', '=', type as 'bug')
    .where('reference', '=', reference)
    .returning('reference')
    .execute();
  return rows.length > 0;
}

/** One page of the requester's conversations, most recently updated first. */
export function pageOwn(q: Q, owner: Owner, after: TimeKey | null, limit: number) {
  let query = q
    .selectFrom('support_conversations')
    .selectAll()
    .where(
      owner.userId ? 'requester_user_id' : 'requester_visitor_id',
      '=',
      (owner.userId ?? owner.visitorId) as string,
    );
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('updated_at', '<', after.at),
        eb.and([eb('updated_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findConversation(q: Q, id: string) {
  return q.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks a conversation for a change in the caller's transaction. */
export function lockConversation(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateConversation(q: Q, id: string, values: Updateable<SupportConversationsTable>) {
  return q
    .updateTable('support_conversations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Appends audit entries' seqs to a conversation's audit references. */
export async function addAuditRefs(q: Q, id: string, seqs: readonly number[]) {
  if (seqs.length === 0) return;
  await q
    .updateTable('support_conversations')
    .set({ audit_refs: sql`audit_refs || ${sql.val(seqs.map(String))}::bigint[]` })
    .where('id', '=', id)
    .execute();
}

export interface QueueFilters {
  status?: string;
  priority?: string;
  category?: string;
  sla?: 'due' | 'overdue' | 'met' | 'breached';
  /** A user id, or null for unassigned. */
  assignee?: string | null;
  requesterUserId?: string;
  resourceType?: string;
  resourceId?: string;
  openedBefore?: Date;
  openedAfter?: Date;
}

const SORT_COLUMN = { due: 'first_response_due_at', created: 'created_at', updated: 'updated_at' } as const;

/** The staff queue: filtered, by due time (soonest first) or newest created / updated first. */
export function queue(
  q: Q,
  f: QueueFilters,
  sort: 'due' | 'created' | 'updated',
  now: Date,
  after: TimeKey | null,
  limit: number,
) {
  const column = SORT_COLUMN[sort];
  const ascending = sort === 'due';
  let query = q.selectFrom('support_conversations').selectAll();
  if (f.status) query = query.where('status', '=', f.status);
  if (f.priority) query = query.where('priority', '=', f.priority);
  if (f.category) query = query.where('category', '=', f.category);
  if (f.assignee === null) query = query.where('assignee_user_id', 'is', null);
  else if (f.assignee) query = query.where('assignee_user_id', '=', f.assignee);
  if (f.requesterUserId) query = query.where('requester_user_id', '=', f.requesterUserId);
  if (f.resourceType) query = query.where('resource_type', '=', f.resourceType);
  if (f.resourceId) query = query.where('resource_id', '=', f.resourceId);
  if (f.openedBefore) query = query.where('created_at', '<=', f.openedBefore);
  if (f.openedAfter) query = query.where('created_at', '>=', f.openedAfter);
  if (f.sla === 'due' || f.sla === 'overdue')
    query = query
      .where('first_staff_response_at', 'is', null)
      .where('status', 'in', ['open', 'waiting_on_staff'])
      .where('first_response_due_at', f.sla === 'due' ? '>=' : '<', now);
  if (f.sla === 'met')
    query = query.where((eb) => eb('first_staff_response_at', '<=', eb.ref('first_response_due_at')));
  if (f.sla === 'breached')
    query = query.where((eb) => eb('first_staff_response_at', '>', eb.ref('first_response_due_at')));
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb(column, ascending ? '>' : '<', after.at),
        eb.and([eb(column, '=', after.at), eb('id', ascending ? '>' : '<', after.id)]),
      ]),
    );
  return query
    .orderBy(column, ascending ? 'asc' : 'desc')
    .orderBy('id', ascending ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

export async function moveVisitorConversations(q: Q, visitorId: string, userId: string) {
  await q
    .updateTable('support_conversations')
    .set({ requester_user_id: userId })
    .where('requester_visitor_id', '=', visitorId)
    .execute();
}

/** Every conversation a person opened (signed in, or as a visitor before signing in), oldest first. */
export function allOf(q: Q, userId: string, visitorIds: readonly string[]) {
  return q
    .selectFrom('support_conversations')
    .selectAll()
    .where(ofPerson({ user: 'requester_user_id', visitor: 'requester_visitor_id' }, userId, visitorIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Keeps a person's conversations without them: no user, visitor session or contact address, the
 * pseudonymous reference instead; their messages lose their author link. Returns how many.
 */
export async function detach(
  trx: Transaction<DB>,
  userId: string,
  visitorIds: readonly string[],
  ref: string,
) {
  const rows = await trx
    .updateTable('support_conversations')
    .set({
      requester_user_id: null,
      requester_visitor_id: null,
      contact_email: null,
      former_requester_ref: ref,
    })
    .where(ofPerson({ user: 'requester_user_id', visitor: 'requester_visitor_id' }, userId, visitorIds))
    .returning('id')
    .execute();
  await trx
    .updateTable('support_messages')
    .set({ author_user_id: null })
    .where('author_user_id', '=', userId)
    .execute();
  return rows.length;
}

/** Conversations still waiting for their first staff response past its due time, and the oldest due time. */
export async function overdueFirstResponses(q: Q, now: Date) {
  const row = await q
    .selectFrom('support_conversations')
    .select((eb) => [eb.fn.countAll<string>().as('overdue'), eb.fn.min('first_response_due_at').as('oldest')])
    .where('status', 'in', ['open', 'waiting_on_staff'])
    .where('first_staff_response_at', 'is', null)
    .where('first_response_due_at', '<', now)
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue), oldestDueAt: row.oldest ? new Date(row.oldest) : null };
}
