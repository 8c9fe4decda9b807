/** German emails say "du", like the app; each language's emails are written in it. */
import { describe, expect, it } from 'vitest';
import { accountDeletedEmail, passwordResetEmail, verificationEmail } from './emails';

const FORMAL = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
const link = 'http://localhost:3000/x?token=abc';
const support = 'http://localhost:3000/help/support';

describe('account emails in German', () => {
  const emails = {
    verification: verificationEmail('a@example.com', 'Ada', link, 'de', support),
    reset: passwordResetEmail('a@example.com', 'Ada', link, 'de', support),
    deleted: accountDeletedEmail('a@example.com', 'Ada', 'de', support),
  };

  for (const [name, email] of Object.entries(emails)) {
    it(`${name}: speaks to the reader as "du", never "Sie"`, () => {
      for (const text of [email.subject, email.text, email.html]) expect(text).not.toMatch(FORMAL);
      expect(`${email.subject} ${email.text}`).toMatch(/\b(du|dein\w*|dich|dir)\b/i);
    });
  }
});
