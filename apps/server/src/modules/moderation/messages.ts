/**
 * What a listing's owner (and, for a hidden listing, its reservation holders) is told of a
 * moderation decision, in their language (English, French or German): the in-app notification and
 * the email share the wording. The moderator's reason is quoted as written.
 */
import { type Locale, type ModerationAction, resolveLocale } from '@kitwright/contracts';
import type { EmailMessage } from '../../providers/email/email-provider';
import { layoutEmail } from '../../providers/email/layout';

interface Wording {
  subject: (title: string) => string;
  body: (title: string) => string;
}

const OWNER: Record<Locale, Record<ModerationAction, Wording>> = {
  en: {
    approve: {
      subject: () => 'Your design is approved',
      body: (t) => `"${t}" passed review and is public.`,
    },
    reject: {
      subject: () => 'Your design was not approved',
      body: (t) =>
        `"${t}" was rejected by a moderator and will not be shown. You can appeal this decision once through support.`,
    },
    hide: {
      subject: () => 'Your design is hidden while we review it',
      body: (t) =>
        `"${t}" is hidden from the gallery and search while a moderator reviews it. Its reservations are kept. You can appeal this decision once through support.`,
    },
    restore: {
      subject: () => 'Your design is visible again',
      body: (t) => `"${t}" was reviewed and is public again.`,
    },
    request_changes: {
      subject: () => 'Changes are needed to your design',
      body: (t) =>
        `A moderator asks you to change "${t}" before it can be public. Edit the listing and it goes back to review. You can appeal this decision once through support.`,
    },
  },
  fr: {
    approve: {
      subject: () => 'Votre création est approuvée',
      body: (t) => `« ${t} » a été vérifiée et est publique.`,
    },
    reject: {
      subject: () => 'Votre création n’a pas été approuvée',
      body: (t) =>
        `« ${t} » a été refusée par un modérateur et ne sera pas affichée. Vous pouvez faire appel une fois de cette décision auprès du support.`,
    },
    hide: {
      subject: () => 'Votre création est masquée pendant notre vérification',
      body: (t) =>
        `« ${t} » est masquée de la galerie et de la recherche pendant qu’un modérateur l’examine. Ses réservations sont conservées. Vous pouvez faire appel une fois de cette décision auprès du support.`,
    },
    restore: {
      subject: () => 'Votre création est de nouveau visible',
      body: (t) => `« ${t} » a été vérifiée et est de nouveau publique.`,
    },
    request_changes: {
      subject: () => 'Des modifications sont nécessaires sur votre création',
      body: (t) =>
        `Un modérateur vous demande de modifier « ${t} » avant qu’elle soit publique. Modifiez l’annonce et elle repassera en vérification. Vous pouvez faire appel une fois de cette décision auprès du support.`,
    },
  },
  de: {
    approve: {
      subject: () => 'Dein Design ist freigegeben',
      body: (t) => `„${t}“ wurde geprüft und ist öffentlich.`,
    },
    reject: {
      subject: () => 'Dein Design wurde nicht freigegeben',
      body: (t) =>
        `„${t}“ wurde von einer Moderatorin oder einem Moderator abgelehnt und wird nicht gezeigt. Du kannst einmal über den Support Einspruch einlegen.`,
    },
    hide: {
      subject: () => 'Dein Design ist während der Prüfung ausgeblendet',
      body: (t) =>
        `„${t}“ ist in Galerie und Suche ausgeblendet, während es geprüft wird. Die Reservierungen bleiben bestehen. Du kannst einmal über den Support Einspruch einlegen.`,
    },
    restore: {
      subject: () => 'Dein Design ist wieder sichtbar',
      body: (t) => `„${t}“ wurde geprüft und ist wieder öffentlich.`,
    },
    request_changes: {
      subject: () => 'An deinem Design sind Änderungen nötig',
      body: (t) =>
        `Bitte ändere „${t}“, bevor es öffentlich werden kann. Bearbeite das Angebot, dann wird es erneut geprüft. Du kannst einmal über den Support Einspruch einlegen.`,
    },
  },
};

const REASON: Record<Locale, string> = { en: 'Reason:', fr: 'Motif :', de: 'Grund:' };
const HELLO: Record<Locale, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  de: (name) => `Hallo ${name},`,
};
const OPEN: Record<Locale, string> = {
  en: 'Open your listing:',
  fr: 'Ouvrir votre annonce :',
  de: 'Angebot öffnen:',
};
const BECAUSE: Record<Locale, string> = {
  en: 'You get this email because you published this design on Kitwright.',
  fr: 'Vous recevez cet e-mail parce que vous avez publié cette création sur Kitwright.',
  de: 'Du bekommst diese E-Mail, weil du dieses Design auf Kitwright veröffentlicht hast.',
};

/** The in-app notice to the owner: a title and a body with the reason. */
export function ownerNotice(
  action: ModerationAction,
  locale: string | null,
  listing: { title: string },
  reason: string | null,
) {
  const lang = resolveLocale(locale);
  const w = OWNER[lang][action];
  const body = w.body(listing.title);
  return { title: w.subject(listing.title), body: reason ? `${body} ${REASON[lang]} ${reason}` : body };
}

/** The email to the owner, in their language, with the reason and a link to the listing. */
export function decisionEmail(
  to: { email: string; display_name: string; locale: string | null },
  action: ModerationAction,
  listing: { title: string },
  reason: string | null,
  link: string,
  support: string,
): EmailMessage {
  const lang = resolveLocale(to.locale);
  const w = OWNER[lang][action];
  return layoutEmail({
    to: to.email,
    subject: w.subject(listing.title),
    lang,
    blocks: [
      HELLO[lang](to.display_name),
      w.body(listing.title),
      ...(reason ? [`${REASON[lang]} ${reason}`] : []),
    ],
    action: { label: `${OPEN[lang]} ${listing.title}`, url: link, lead: OPEN[lang] },
    footer: { reason: BECAUSE[lang], support },
  });
}

/** What a reservation holder is told when a moderator hides a listing they reserved (English: in-app). */
export function holderNotice(listing: { title: string }) {
  return {
    title: 'A design you reserved is under review',
    body: `"${listing.title}" is hidden while a moderator reviews it. Your interest reservation is kept; nothing was charged.`,
  };
}
