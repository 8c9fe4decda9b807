/**
 * What the requester reads of one message in their support thread: who wrote it, the text shown
 * first, and the original when that text is a machine translation of a staff reply.
 */
import type { SupportConversation } from '@kitwright/contracts';

type Message = SupportConversation['messages'][number];

export interface MessageView {
  author: 'you' | 'staff' | 'system';
  text: string;
  /** The text as staff wrote it, when `text` is its translation into the requester's language. */
  original: string | null;
}

export function messageView(message: Message): MessageView {
  const author =
    message.author_role === 'requester' ? 'you' : message.author_role === 'staff' ? 'staff' : 'system';
  // A requester's own message is shown as they wrote it; its translation is for staff.
  const translated =
    author !== 'you' && message.translation?.status === 'translated' && message.translation.body
      ? message.translation.body
      : null;
  return translated
    ? { author, text: translated, original: message.body }
    : { author, text: message.body, original: null };
}
