/**
 * `kw.support`: support conversations (signed in, a visitor with a contact email, or the signed
 * link from a support email: pass its `token`), and the staff queue (staff and founders).
 */
import type { OperationBody, OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type SupportRequest = OperationBody<'createSupportConversation'>;
export type SupportReply = OperationBody<'replySupportConversation'>;
export type SupportQueueQuery = NonNullable<OperationQuery<'listSupportTickets'>>;
export type StaffReply = OperationBody<'replySupportTicket'>;
export type TicketChange = OperationBody<'updateSupportTicket'>;
/** The signed link token (`?token=` of the link in a support email), for requesters without an account. */
export type ThreadAccess = { token?: string } & CallOptions;

export function supportResource(api: ApiClient) {
  const tokenQuery = (access?: ThreadAccess) => {
    const split = splitOptions(access);
    return { query: split.query.token ? { token: split.query.token } : {}, ...split.options };
  };
  return {
    create(body: SupportRequest, options?: CallOptions) {
      return call(api, 'createSupportConversation', { body, ...options });
    },
    /** Your conversations, most recently updated first: `cursor`, `limit`. */
    list(query?: { cursor?: string; limit?: number } & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listSupportConversations', { query: split.query, ...split.options });
    },
    get(conversationId: string, access?: ThreadAccess) {
      return call(api, 'getSupportConversation', { params: { conversationId }, ...tokenQuery(access) });
    },
    /** Reply or add evidence (`attachments`: ids of your uploads). */
    reply(conversationId: string, body: SupportReply, access?: ThreadAccess) {
      return call(api, 'replySupportConversation', {
        params: { conversationId },
        body,
        ...tokenQuery(access),
      });
    },
    /** Close, or reopen a solved conversation within the reopen period. */
    update(conversationId: string, action: 'close' | 'reopen', access?: ThreadAccess) {
      return call(api, 'updateSupportConversation', {
        params: { conversationId },
        body: { action },
        ...tokenQuery(access),
      });
    },
    /** Staff: the queue, by first-response due time unless `sort` says otherwise. */
    queue(query?: SupportQueueQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listSupportTickets', { query: split.query, ...split.options });
    },
    /** Staff: one conversation with the requester's context. */
    ticket(conversationId: string, options?: CallOptions) {
      return call(api, 'getSupportTicket', { params: { conversationId }, ...options });
    },
    /** Staff: reply to the requester, or add an internal note (`internal: true`). */
    answer(conversationId: string, body: StaffReply, options?: CallOptions) {
      return call(api, 'replySupportTicket', { params: { conversationId }, body, ...options });
    },
    /** Staff: assign, prioritise, change status or category, link or unlink a bug, order or pre-order. */
    change(conversationId: string, change: TicketChange, options?: CallOptions) {
      return call(api, 'updateSupportTicket', { params: { conversationId }, body: change, ...options });
    },
    /** Staff: everyone a conversation can be assigned to (staff and founders). */
    staff(options?: CallOptions) {
      return call(api, 'listSupportStaff', { ...options });
    },
  };
}

export type SupportResource = ReturnType<typeof supportResource>;
