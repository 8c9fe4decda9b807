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
