/** Local email: messages are handed to the local mailbox (read at /dev/mailbox), never sent. */
import type { EmailMessage, EmailProvider } from './email-provider';

export function createOutboxEmail(keep: (message: EmailMessage) => Promise<void>): EmailProvider {
  return { kind: 'outbox', send: keep };
}
