/** Local email: messages are kept in the email_outbox table and read at /dev/mailbox. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import type { EmailProvider } from './email-provider';

export function createOutboxEmail(db: Kysely<DB>, clock: Clock): EmailProvider {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('email_outbox')
        .values({
          id: newId(),
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          created_at: clock.now(),
        })
        .execute();
    },
  };
}
