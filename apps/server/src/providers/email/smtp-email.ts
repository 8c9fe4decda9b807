/** SMTP delivery through nodemailer (staging and production). */
import nodemailer from 'nodemailer';
import type { EmailProvider } from './email-provider';

export function createSmtpEmail(smtpUrl: string, from: string): EmailProvider & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
