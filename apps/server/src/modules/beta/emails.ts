/**
 * The emailed beta invitation's words, in the language the founder chose (English, French or
 * German); the shared layout (providers/email/layout) makes the HTML and plain text.
 */
import type { Locale } from '@kitwright/contracts';
import type { EmailMessage } from '../../providers/email/email-provider';
import { layoutEmail } from '../../providers/email/layout';

const WORDING: Record<
  Locale,
  {
    subject: string;
    intro: string;
    code: string;
    expires: (d: string) => string;
    button: string;
    open: string;
    because: string;
  }
> = {
  en: {
    subject: 'Your invitation to the Kitwright beta',
    intro: 'You are invited to try Kitwright before everyone else. Create your account with this invitation:',
    code: 'Your invitation code:',
    expires: (d) => `The invitation expires on ${d}.`,
    button: 'Join the beta',
    open: 'Or open this address:',
    because: 'You get this email because a Kitwright founder invited this address to the beta.',
  },
  fr: {
    subject: 'Votre invitation à la bêta de Kitwright',
    intro:
      'Vous êtes invité·e à essayer Kitwright avant tout le monde. Créez votre compte avec cette invitation :',
    code: 'Votre code d’invitation :',
    expires: (d) => `L’invitation expire le ${d}.`,
    button: 'Rejoindre la bêta',
    open: 'Ou ouvrez cette adresse :',
    because: 'Vous recevez cet e-mail parce qu’un fondateur de Kitwright a invité cette adresse à la bêta.',
  },
  de: {
    subject: 'Deine Einladung zur Kitwright-Beta',
    intro:
      'Du bist eingeladen, Kitwright vor allen anderen auszuprobieren. Erstelle dein Konto mit dieser Einladung:',
    code: 'Dein Einladungscode:',
    expires: (d) => `Die Einladung läuft am ${d} ab.`,
    button: 'Der Beta beitreten',
    open: 'Oder öffne diese Adresse:',
    because: 'Du bekommst diese E-Mail, weil ein Kitwright-Gründer diese Adresse zur Beta eingeladen hat.',
  },
};

export function invitationEmail(
  to: string,
  locale: Locale,
  invitation: { code: string; link: string; expiresAt: Date | null },
  support: string,
): EmailMessage {
  const w = WORDING[locale];
  const expires = invitation.expiresAt
    ? w.expires(`${invitation.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`)
    : null;
  return layoutEmail({
    to,
    subject: w.subject,
    lang: locale,
    blocks: [w.intro, { label: w.code, value: invitation.code }, ...(expires ? [expires] : [])],
    action: { label: w.button, url: invitation.link, lead: w.open },
    footer: { reason: w.because, support },
  });
}
