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
}
