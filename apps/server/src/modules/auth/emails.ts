/**
 * The account emails' words, in the account's language (English, French or German), with the one
 * link the reader needs; the shared layout (providers/email/layout) makes the HTML and plain text.
 */
import { type Locale, resolveLocale } from '@kitwright/contracts';
import type { EmailMessage } from '../../providers/email/email-provider';
import { layoutEmail } from '../../providers/email/layout';

interface Wording {
  subject: string;
  title: string;
  body: string[];
  button: string;
  /** The word before the link in the plain-text version. */
  textLink: string;
}

const HELLO: Record<Locale, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  de: (name) => `Hallo ${name},`,
};

const OR_OPEN: Record<Locale, string> = {
  en: 'Or open this address:',
  fr: 'Ou ouvrez cette adresse :',
  de: 'Oder öffne diese Adresse:',
};

/** The footer: why an account's address gets these emails. */
const BECAUSE: Record<Locale, string> = {
  en: 'You get this email because this address belongs to a Kitwright account.',
  fr: 'Vous recevez cet e-mail parce que cette adresse est celle d’un compte Kitwright.',
  de: 'Du bekommst diese E-Mail, weil diese Adresse zu einem Kitwright-Konto gehört.',
};

const VERIFY: Record<Locale, Wording> = {
  en: {
    subject: 'Confirm your email for Kitwright',
    title: 'Confirm your email',
    body: [
      'Confirm your email address to finish setting up your Kitwright account. The link works once and expires in 24 hours.',
      'If you did not create an account, ignore this message; nothing will happen.',
    ],
    button: 'Confirm my email',
    textLink: 'Confirm:',
  },
  fr: {
    subject: 'Confirmez votre e-mail pour Kitwright',
    title: 'Confirmez votre e-mail',
    body: [
      'Confirmez votre adresse e-mail pour terminer la création de votre compte Kitwright. Le lien ne sert qu’une fois et expire dans 24 heures.',
      'Si vous n’avez pas créé de compte, ignorez ce message : rien ne se passera.',
    ],
    button: 'Confirmer mon e-mail',
    textLink: 'Confirmer :',
  },
  de: {
    subject: 'Bestätige deine E-Mail für Kitwright',
    title: 'Bestätige deine E-Mail',
    body: [
      'Bestätige deine E-Mail-Adresse, um dein Kitwright-Konto fertig einzurichten. Der Link funktioniert einmal und läuft in 24 Stunden ab.',
      'Wenn du kein Konto angelegt hast, ignoriere diese Nachricht; es passiert nichts.',
    ],
    button: 'E-Mail bestätigen',
    textLink: 'Bestätigen:',
  },
};

const RESET: Record<Locale, Wording> = {
  en: {
    subject: 'Reset your Kitwright password',
    title: 'Reset your password',
    body: [
      'Someone asked to reset the password of your Kitwright account. Use the link below to choose a new one. It works once and expires in one hour.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    button: 'Choose a new password',
    textLink: 'Reset:',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Kitwright',
    title: 'Réinitialisez votre mot de passe',
    body: [
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Kitwright. Utilisez le lien ci-dessous pour en choisir un nouveau. Il ne sert qu’une fois et expire dans une heure.',
      'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.',
    ],
    button: 'Choisir un nouveau mot de passe',
    textLink: 'Réinitialiser :',
  },
  de: {
    subject: 'Setze dein Kitwright-Passwort zurück',
    title: 'Passwort zurücksetzen',
    body: [
      'Jemand hat das Zurücksetzen des Passworts deines Kitwright-Kontos angefordert. Wähle über den Link unten ein neues. Er funktioniert einmal und läuft in einer Stunde ab.',
      'Wenn du das nicht warst, ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.',
    ],
    button: 'Neues Passwort wählen',
    textLink: 'Zurücksetzen:',
  },
};

function compose(
  wording: Record<Locale, Wording>,
  to: string,
  name: string,
  link: string,
  locale: string | null,
  support: string,
): EmailMessage {
  const lang = resolveLocale(locale);
  const w = wording[lang];
  return layoutEmail({
    to,
    subject: w.subject,
    lang,
    title: w.title,
    blocks: [HELLO[lang](name), ...w.body],
    action: { label: w.button, url: link, lead: OR_OPEN[lang], textLead: w.textLink },
    footer: { reason: BECAUSE[lang], support },
  });
}

export function verificationEmail(
  to: string,
  name: string,
  link: string,
  locale: string | null,
  support: string,
): EmailMessage {
  return compose(VERIFY, to, name, link, locale, support);
}

export function passwordResetEmail(
  to: string,
  name: string,
  link: string,
  locale: string | null,
  support: string,
): EmailMessage {
  return compose(RESET, to, name, link, locale, support);
}

const DELETED: Record<Locale, { subject: string; title: string; body: string[]; because: string }> = {
  en: {
    subject: 'Your Kitwright account is deleted',
    title: 'Your account is deleted',
    body: [
      'As you asked, we deleted your Kitwright account with your designs, drafts, uploads, saves and interest reservations. You are signed out everywhere.',
      'Support conversations are kept for their retention period without your name or address, and our security records keep only a reference that no longer leads to you. The privacy notice explains what happens to each kind of data.',
      'If you did not ask for this, reply through the support form on the website straight away.',
    ],
    because: 'You get this email because this address belonged to the Kitwright account that was deleted.',
  },
  fr: {
    subject: 'Votre compte Kitwright est supprimé',
    title: 'Votre compte est supprimé',
    body: [
      'Comme vous l’avez demandé, nous avons supprimé votre compte Kitwright avec vos modèles, brouillons, fichiers, favoris et réservations d’intérêt. Vous êtes déconnecté partout.',
      'Les conversations avec le support sont conservées pendant leur durée de conservation, sans votre nom ni votre adresse, et nos journaux de sécurité ne gardent qu’une référence qui ne mène plus à vous. La politique de confidentialité explique ce que devient chaque type de données.',
      'Si vous n’avez pas fait cette demande, écrivez-nous tout de suite via le formulaire de support du site.',
    ],
    because: 'Vous recevez cet e-mail parce que cette adresse était celle du compte Kitwright supprimé.',
  },
  de: {
    subject: 'Dein Kitwright-Konto ist gelöscht',
    title: 'Dein Konto ist gelöscht',
    body: [
      'Wie gewünscht haben wir dein Kitwright-Konto mit deinen Designs, Entwürfen, Uploads, Merklisten und Interessensbekundungen gelöscht. Du bist überall abgemeldet.',
      'Support-Unterhaltungen bleiben für ihre Aufbewahrungsfrist ohne deinen Namen und deine Adresse erhalten, und unsere Sicherheitsprotokolle behalten nur einen Verweis, der nicht mehr zu dir führt. Die Datenschutzerklärung erklärt, was mit jeder Art von Daten geschieht.',
      'Wenn du das nicht veranlasst hast, schreib uns sofort über das Support-Formular auf der Website.',
    ],
    because: 'Du bekommst diese E-Mail, weil diese Adresse zum gelöschten Kitwright-Konto gehörte.',
  },
};

/** The confirmation that an account was erased: no button, since there is nothing left to open. */
export function accountDeletedEmail(
  to: string,
  name: string,
  locale: string | null,
  support: string,
): EmailMessage {
  const lang = resolveLocale(locale);
  const w = DELETED[lang];
  return layoutEmail({
    to,
    subject: w.subject,
    lang,
    title: w.title,
    blocks: [HELLO[lang](name), ...w.body],
    footer: { reason: w.because, support },
  });
}
