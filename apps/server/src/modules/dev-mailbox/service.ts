/**
 * The local mailbox (APP_ENV=local with the outbox email provider): emails are kept here instead
 * of leaving the machine, and read at /dev/mailbox with working links.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BackgroundTasks } from '../../platform/background';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import type { EmailMessage } from '../../providers/email/email-provider';
import * as repo from './repo';

export function createMailbox(deps: { db: Kysely<DB>; clock: Clock; background: BackgroundTasks }) {
  return {
    /** Keeps a message (the outbox email provider's sink). */
    keep: (message: EmailMessage) =>
      repo.insertMail(deps.db, {
        id: newId(),
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: deps.clock.now(),
      }),

    /**
     * The latest messages, newest first. Account emails are sent after the answer (so its timing
     * reveals nothing); this waits for them, so a mail is here once its request was answered.
     */
    async recent(to?: string) {
      await deps.background.idle();
      const rows = await repo.recent(deps.db, 50);
      return rows.filter((r) => !to || r.to_address === to.toLowerCase());
    },
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;
