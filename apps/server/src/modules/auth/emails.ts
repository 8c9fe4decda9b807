/** The account emails: plain text and simple HTML, with the one link the reader needs. */
import type { EmailMessage } from '../../providers/email/email-provider';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d2a33;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1f5f8b;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#667;font-size:13px">Or open this address: ${escapeHtml(link.href)}</p>
</body></html>`;
}

export function verificationEmail(to: string, name: string, link: string): EmailMessage {
  const paragraphs = [
    `Hello ${name},`,
    'Confirm your email address to finish setting up your Kitwright account. The link works once and expires in 24 hours.',
    'If you did not create an account, ignore this message; nothing will happen.',
  ];
  return {
    to,
    subject: 'Confirm your email for Kitwright',
    text: `${paragraphs.join('\n\n')}\n\nConfirm: ${link}\n`,
    html: layout('Confirm your email', paragraphs, { href: link, label: 'Confirm my email' }),
  };
}

export function passwordResetEmail(to: string, name: string, link: string): EmailMessage {
  const paragraphs = [
    `Hello ${name},`,
    'Someone asked to reset the password of your Kitwright account. Use the link below to choose a new one. It works once and expires in one hour.',
    'If it was not you, ignore this message: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Kitwright password',
    text: `${paragraphs.join('\n\n')}\n\nReset: ${link}\n`,
    html: layout('Reset your password', paragraphs, { href: link, label: 'Choose a new password' }),
  };
}
