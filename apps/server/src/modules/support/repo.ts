/** SQL for support conversations and their messages. */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, SupportConversationsTable, SupportMessagesTable } from '../../db/schema';
import type { Owner } from '../../platform/viewer';

type Q = Kysely<DB> | Transaction<DB>;

export type ConversationRow = Selectable<SupportConversationsTable>;

export function insertConversation(q: Q, values: Insertable<SupportConversationsTable>) {
  return q.insertInto('support_conversations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertMessage(q: Q, values: Insertable<SupportMessagesTable>) {
  await q.insertInto('support_messages').values(values).execute();
}

/** The messages of the given conversations, oldest first. */
export function messagesOf(q: Q, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', 'in', [...conversationIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The requester's conversations, most recently updated first. */
export function listOwn(q: Q, owner: Owner, limit: number) {
  return q
    .selectFrom('support_conversations')
    .selectAll()
    .where(
      owner.userId ? 'requester_user_id' : 'requester_visitor_id',
      '=',
      (owner.userId ?? owner.visitorId) as string,
    )
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

export function findConversation(q: Q, id: string) {
  return q.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
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
    .where((eb) =>
      visitorIds.length > 0
        ? eb.or([eb('requester_user_id', '=', userId), eb('requester_visitor_id', 'in', [...visitorIds])])
        : eb('requester_user_id', '=', userId),
    )
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
    .where((eb) =>
      visitorIds.length > 0
        ? eb.or([eb('requester_user_id', '=', userId), eb('requester_visitor_id', 'in', [...visitorIds])])
        : eb('requester_user_id', '=', userId),
    )
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
    .where('last_staff_response_at', 'is', null)
    .where('first_response_due_at', '<', now)
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue), oldestDueAt: row.oldest ? new Date(row.oldest) : null };
}
