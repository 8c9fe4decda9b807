/** Outgoing email: SMTP in staging and production, a database outbox in local. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  /** Checks the provider can deliver (SMTP: connects and greets the server), without sending. */
  verify?(): Promise<void>;
}
