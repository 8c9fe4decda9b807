/**
 * The dev mailbox's face: the outbox that keeps every email when no SMTP server is configured, and
 * (locally) the routes that read it.
 */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import type { EmailProvider } from '../../providers/email/email-provider';
import { createOutboxEmail } from '../../providers/email/outbox-email';
import { createSmtpEmail } from '../../providers/email/smtp-email';
import { devMailboxRoutes } from './routes';
import { createMailbox } from './service';

export interface MailboxApi {
  /** The email provider every module sends through: the given one, SMTP as configured, else the outbox. */
  email: EmailProvider;
}

export function devMailboxFace(
  deps: Parameters<typeof createMailbox>[0] & {
    config: Config;
    /** A provider chosen by the caller (tests), else the configured one. */
    email?: EmailProvider | undefined;
    /** Wraps the chosen provider (the composition traces its calls). */
    wrap: (email: EmailProvider) => EmailProvider;
  },
): ModuleFace<MailboxApi> {
  const { config } = deps;
  const mailbox = createMailbox(deps);
  const email = deps.wrap(
    deps.email ??
      (config.email.provider === 'smtp' && config.email.smtpUrl
        ? createSmtpEmail(config.email.smtpUrl, config.email.from)
        : createOutboxEmail(mailbox.keep)),
  );
  return {
    name: 'dev-mailbox',
    api: { email },
    ...(config.env === 'local' && email.kind === 'outbox'
      ? { routes: async ({ app }) => void (await app.register(devMailboxRoutes, { mailbox })) }
      : {}),
  };
}
