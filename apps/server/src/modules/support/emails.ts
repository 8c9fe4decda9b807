/**
 * Support emails' words in the reader's language (English, French or German): a staff reply to
 * the requester, a requester's reply to the assigned staff member, and a new conversation to the
 * support inbox, each with the one link back to the thread. The shared layout
 * (providers/email/layout) makes the HTML and plain text.
 */
import { type Locale, resolveLocale } from '@kitwright/contracts';
import type { EmailMessage } from '../../providers/email/email-provider';
import { type EmailBlock, layoutEmail } from '../../providers/email/layout';

interface Letter {
  subject: string;
  greeting: string;
  lead: string;
  quote: string;
  /** Shown under the quote when it is a machine translation, with the original after it. */
  translatedNote: string | null;
  original: string | null;
  after: string[];
  button: string;
  textLink: string;
  because: string;
  /** The support page, for a requester; none for mail to the team. */
  support?: string;
}

function render(to: string, lang: Locale, l: Letter, link: string): EmailMessage {
  const original: EmailBlock[] =
    l.translatedNote && l.original ? [{ quote: l.original, caption: l.translatedNote }] : [];
  return layoutEmail({
    to,
    subject: l.subject,
    lang,
    blocks: [l.greeting, l.lead, { quote: l.quote }, ...original, ...l.after],
    action: { label: l.button, url: link, lead: l.textLink },
    footer: { reason: l.because, support: l.support },
  });
}

const STAFF_REPLY: Record<
  Locale,
  {
    subject: (s: string) => string;
    hello: (n: string | null) => string;
    lead: string;
    translated: string;
    after: string;
    button: string;
    textLink: string;
    because: string;
  }
> = {
  en: {
    subject: (s) => `Re: ${s} [Kitwright support]`,
    hello: (n) => (n ? `Hello ${n},` : 'Hello,'),
    lead: 'We have replied to your support conversation:',
    translated: 'This reply was machine-translated. The original:',
    after:
      'You can read the whole conversation and reply from the link below. Replying to this email does not reach us.',
    button: 'Open the conversation',
    textLink: 'Open the conversation:',
    because: 'You get this email because you wrote to Kitwright support.',
  },
  fr: {
    subject: (s) => `Re : ${s} [support Kitwright]`,
    hello: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    lead: 'Nous avons répondu à votre demande d’assistance :',
    translated: 'Cette réponse a été traduite automatiquement. L’original :',
    after:
      'Vous pouvez lire toute la conversation et y répondre depuis le lien ci-dessous. Répondre à cet e-mail ne nous parvient pas.',
    button: 'Ouvrir la conversation',
    textLink: 'Ouvrir la conversation :',
    because: 'Vous recevez cet e-mail parce que vous avez écrit au support de Kitwright.',
  },
  de: {
    subject: (s) => `Re: ${s} [Kitwright-Support]`,
    hello: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    lead: 'Wir haben auf deine Support-Anfrage geantwortet:',
    translated: 'Diese Antwort wurde maschinell übersetzt. Das Original:',
    after:
      'Über den Link unten kannst du die ganze Unterhaltung lesen und antworten. Eine Antwort auf diese E-Mail erreicht uns nicht.',
    button: 'Unterhaltung öffnen',
    textLink: 'Unterhaltung öffnen:',
    because: 'Du bekommst diese E-Mail, weil du dem Kitwright-Support geschrieben hast.',
  },
};

/** A staff reply for the requester, in their language: the translation first when there is one. */
export function staffReplyEmail(input: {
  to: string;
  name: string | null;
  subject: string;
  locale: string | null;
  reply: string;
  translation: string | null;
  link: string;
  /** The support page (supportPage()). */
  support: string;
}): EmailMessage {
  const lang = resolveLocale(input.locale);
  const w = STAFF_REPLY[lang];
  return render(
    input.to,
    lang,
    {
      subject: w.subject(input.subject),
      greeting: w.hello(input.name),
      lead: w.lead,
      quote: input.translation ?? input.reply,
      translatedNote: input.translation ? w.translated : null,
      original: input.translation ? input.reply : null,
      after: [w.after],
      button: w.button,
      textLink: w.textLink,
      because: w.because,
      support: input.support,
    },
    input.link,
  );
}

const STAFF_NOTICE: Record<
  Locale,
  {
    replied: (s: string) => string;
    repliedLead: string;
    opened: (s: string) => string;
    openedLead: (category: string, priority: string, due: string) => string;
    translated: string;
    button: string;
    textLink: string;
    assigned: string;
    inbox: string;
  }
> = {
  en: {
    replied: (s) => `Requester replied: ${s}`,
    repliedLead: 'The requester of a conversation assigned to you replied:',
    opened: (s) => `New support conversation: ${s}`,
    openedLead: (c, p, d) => `A new conversation (${c}, priority ${p}) arrived. First response due ${d}.`,
    translated: 'Machine translation above; the original:',
    button: 'Open in the support queue',
    textLink: 'Open:',
    assigned: 'You get this email because this support conversation is assigned to you.',
    inbox: 'You get this email because this address is Kitwright’s support inbox (SUPPORT_INBOX).',
  },
  fr: {
    replied: (s) => `Réponse du demandeur : ${s}`,
    repliedLead: 'Le demandeur d’une conversation qui vous est attribuée a répondu :',
    opened: (s) => `Nouvelle conversation d’assistance : ${s}`,
    openedLead: (c, p, d) =>
      `Une nouvelle conversation (${c}, priorité ${p}) est arrivée. Première réponse attendue le ${d}.`,
    translated: 'Traduction automatique ci-dessus ; l’original :',
    button: 'Ouvrir dans la file du support',
    textLink: 'Ouvrir :',
    assigned: 'Vous recevez cet e-mail parce que cette conversation d’assistance vous est attribuée.',
    inbox:
      'Vous recevez cet e-mail parce que cette adresse est la boîte du support de Kitwright (SUPPORT_INBOX).',
  },
  de: {
    replied: (s) => `Antwort der anfragenden Person: ${s}`,
    repliedLead: 'Die anfragende Person einer dir zugewiesenen Unterhaltung hat geantwortet:',
    opened: (s) => `Neue Support-Unterhaltung: ${s}`,
    openedLead: (c, p, d) =>
      `Eine neue Unterhaltung (${c}, Priorität ${p}) ist eingegangen. Erste Antwort fällig am ${d}.`,
    translated: 'Oben die maschinelle Übersetzung; das Original:',
    button: 'In der Support-Warteschlange öffnen',
    textLink: 'Öffnen:',
    assigned: 'Du bekommst diese E-Mail, weil diese Support-Unterhaltung dir zugewiesen ist.',
    inbox:
      'Du bekommst diese E-Mail, weil diese Adresse das Support-Postfach von Kitwright ist (SUPPORT_INBOX).',
  },
};

/** A requester's reply, for the staff member the conversation is assigned to. */
export function requesterReplyEmail(input: {
  to: string;
  name: string;
  locale: string | null;
  subject: string;
  message: string;
  translation: string | null;
  link: string;
}): EmailMessage {
  const lang = resolveLocale(input.locale);
  const w = STAFF_NOTICE[lang];
  return render(
    input.to,
    lang,
    {
      subject: w.replied(input.subject),
      greeting: STAFF_REPLY[lang].hello(input.name),
      lead: w.repliedLead,
      quote: input.translation ?? input.message,
      translatedNote: input.translation ? w.translated : null,
      original: input.translation ? input.message : null,
      after: [],
      button: w.button,
      textLink: w.textLink,
      because: w.assigned,
    },
    input.link,
  );
}

/** A new conversation announced to the support inbox (SUPPORT_INBOX), in the staff language. */
export function newConversationEmail(input: {
  to: string;
  locale: string;
  subject: string;
  category: string;
  priority: string;
  dueAt: Date;
  timezone: string;
  message: string;
  translation: string | null;
  link: string;
}): EmailMessage {
  const lang = resolveLocale(input.locale);
  const w = STAFF_NOTICE[lang];
  const due = new Intl.DateTimeFormat(lang, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: input.timezone,
  }).format(input.dueAt);
  return render(
    input.to,
    lang,
    {
      subject: w.opened(input.subject),
      greeting: STAFF_REPLY[lang].hello(null),
      lead: w.openedLead(input.category, input.priority, due),
      quote: input.translation ?? input.message,
      translatedNote: input.translation ? w.translated : null,
      original: input.translation ? input.message : null,
      after: [],
      button: w.button,
      textLink: w.textLink,
      because: w.inbox,
    },
    input.link,
  );
}
