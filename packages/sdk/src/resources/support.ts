/** `kw.support`: support conversations (signed in, or a visitor with a contact email). */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export type SupportRequest = OperationBody<'createSupportConversation'>;

export function supportResource(api: ApiClient) {
  return {
    create(body: SupportRequest, options?: CallOptions) {
      return call(api, 'createSupportConversation', { body, ...options });
    },
    list(options?: CallOptions) {
      return call(api, 'listSupportConversations', { ...options });
    },
    get(conversationId: string, options?: CallOptions) {
      return call(api, 'getSupportConversation', { params: { conversationId }, ...options });
    },
  };
}

export type SupportResource = ReturnType<typeof supportResource>;
