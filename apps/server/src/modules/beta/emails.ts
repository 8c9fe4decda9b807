/** The emailed beta invitation, in the language the founder chose (English, French or German). */
import type { Locale } from '@kitwright/contracts';
import type { EmailMessage } from '../../providers/email/email-provider';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const WORDING: Record<
  Locale,
  {
    subject: string;
    intro: string;
    code: string;
    expires: (d: string) => string;
    button: string;
    open: string;
  }
> = {
  en: {
    subject: 'Your invitation to the Kitwright beta',
    intro: 'You are invited to try Kitwright before everyone else. Create your account with this invitation:',
    code: 'Your invitation code:',
    expires: (d) => `The invitation expires on ${d}.`,
    button: 'Join the beta',
    open: 'Or open this address:',
  },
  fr: {
    subject: 'Votre invitation à la bêta de Kitwright',
    intro:
      'Vous êtes invité·e à essayer Kitwright avant tout le monde. Créez votre compte avec cette invitation :',
    code: 'Votre code d’invitation :',
    expires: (d) => `L’invitation expire le ${d}.`,
    button: 'Rejoindre la bêta',
    open: 'Ou ouvrez cette adresse :',
  },
  de: {
    subject: 'Deine Einladung zur Kitwright-Beta',
    intro:
      'Du bist eingeladen, Kitwright vor allen anderen auszuprobieren. Erstelle dein Konto mit dieser Einladung:',
    code: 'Dein Einladungscode:',
    expires: (d) => `Die Einladung läuft am ${d} ab.`,
    button: 'Der Beta beitreten',
    open: 'Oder öffne diese Adresse:',
  },
};

export function invitationEmail(
  to: string,
  locale: Locale,
  invitation: { code: string; link: string; expiresAt: Date | null },
): EmailMessage {
  const w = WORDING[locale];
  const expires = invitation.expiresAt
    ? w.expires(`${invitation.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`)
    : null;
  const text = [w.intro, '', `${w.code} ${invitation.code}`, '', `${w.open} ${invitation.link}`]
    .concat(expires ? ['', expires] : [])
    .join('\n');
  const html = [
    `<p>${escapeHtml(w.intro)}</p>`,
    `<p>${escapeHtml(w.code)} <strong>${escapeHtml(invitation.code)}</strong></p>`,
    `<p><a href="${escapeHtml(invitation.link)}">${escapeHtml(w.button)}</a></p>`,
    `<p>${escapeHtml(w.open)} ${escapeHtml(invitation.link)}</p>`,
    ...(expires ? [`<p>${escapeHtml(expires)}</p>`] : []),
  ].join('\n');
  return { to, subject: w.subject, text, html };
}
