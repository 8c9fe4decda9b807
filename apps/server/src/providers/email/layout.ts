/**
 * The one email layout. A module's email builder gives its own words as parts — a title, body
 * blocks, the one action (a button, with the address written out for clients that hide buttons)
 * and the footer's reason for the mail — and gets the HTML and the plain-text alternative, both
 * made from the same parts. Every text is escaped here (platform/html), so no builder writes markup.
 */
import type { Locale } from '@kitwright/contracts';
import { escapeHtml } from '../../platform/html';
import type { EmailMessage } from './email-provider';

/** A body block: a paragraph, a paragraph of short lines, a labelled value, or a quoted passage. */
export type EmailBlock =
  | string
  | { lines: readonly string[] }
  /** "Your invitation code: ABC-123", the value set in bold. */
  | { label: string; value: string }
  /**
   * Someone's words, quoted as written (line breaks kept). A quote with a caption is a secondary
   * one (the original beside its translation): the caption comes first and both are set smaller.
   */
  | { quote: string; caption?: string };

export interface EmailAction {
  /** The button's words. */
  label: string;
  url: string;
  /** The words before the written-out address ("Or open this address:"). */
  lead: string;
  /** The words before the address in the plain text, when they differ from `lead` ("Confirm:"). */
  textLead?: string;
}

export interface EmailParts {
  to: string;
  subject: string;
  lang: Locale;
  /** The heading; also the plain text's first line. */
  title?: string;
  blocks: readonly EmailBlock[];
  action?: EmailAction;
  footer: {
    /** Why this address gets this mail ("You get this email because …"). */
    reason: string;
    /** The support page to write to (supportPage()); left out for mail to the team itself. */
    support?: string;
  };
}

/** The web app's support page: where the footer sends a reader with a question. */
export const supportPage = (site: string): string => `${site}/help/support`;

const ASK_SUPPORT: Record<Locale, string> = {
  en: 'Questions? Write to support:',
  fr: 'Une question ? Écrivez au support :',
  de: 'Fragen? Schreib dem Support:',
};

const BODY = 'font-family:system-ui,sans-serif;color:#1d2a33;max-width:560px;margin:auto;padding:24px';
const BUTTON =
  'display:inline-block;background:#1f5f8b;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none';
const SMALL = 'color:#667;font-size:13px';
const QUOTE = 'border-left:3px solid #c9d6df;margin:0;padding:8px 14px;white-space:pre-wrap';
const QUOTE_SMALL = `${SMALL};margin:0;padding:4px 14px;white-space:pre-wrap`;
const FOOTER = 'color:#667;font-size:12px';
const RULE = 'border:0;border-top:1px solid #dde3e8;margin:28px 0 12px';

const quoted = (s: string) =>
  s
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

function blockHtml(b: EmailBlock): string {
  if (typeof b === 'string') return `<p>${escapeHtml(b)}</p>`;
  if ('lines' in b) return `<p>${b.lines.map(escapeHtml).join('<br>')}</p>`;
  if ('label' in b) return `<p>${escapeHtml(b.label)} <strong>${escapeHtml(b.value)}</strong></p>`;
  return b.caption === undefined
    ? `<blockquote style="${QUOTE}">${escapeHtml(b.quote)}</blockquote>`
    : `<p style="${SMALL}">${escapeHtml(b.caption)}</p><blockquote style="${QUOTE_SMALL}">${escapeHtml(b.quote)}</blockquote>`;
}

function blockText(b: EmailBlock): string {
  if (typeof b === 'string') return b;
  if ('lines' in b) return b.lines.join('\n');
  if ('label' in b) return `${b.label} ${b.value}`;
  return b.caption === undefined ? quoted(b.quote) : `${b.caption}\n${quoted(b.quote)}`;
}

/** The message: HTML and its plain-text alternative from the same parts. */
export function layoutEmail(parts: EmailParts): EmailMessage {
  const { action, footer } = parts;
  const ask = footer.support ? `${ASK_SUPPORT[parts.lang]} ${footer.support}` : null;
  const html = [
    `<!doctype html><html lang="${escapeHtml(parts.lang)}"><body style="${BODY}">`,
    ...(parts.title ? [`<h1 style="font-size:22px">${escapeHtml(parts.title)}</h1>`] : []),
    ...parts.blocks.map(blockHtml),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="${BUTTON}">${escapeHtml(action.label)}</a></p>`,
          `<p style="${SMALL}">${escapeHtml(action.lead)} ${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<hr style="${RULE}">`,
    `<p style="${FOOTER}">${escapeHtml(footer.reason)}</p>`,
    ...(footer.support
      ? [
          `<p style="${FOOTER}">${escapeHtml(ASK_SUPPORT[parts.lang])} <a href="${escapeHtml(footer.support)}" style="color:#667">${escapeHtml(footer.support)}</a></p>`,
        ]
      : []),
    '</body></html>',
  ].join('\n');
  const text = [
    ...(parts.title ? [parts.title] : []),
    ...parts.blocks.map(blockText),
    ...(action ? [`${action.textLead ?? action.lead} ${action.url}`] : []),
    // The conventional signature separator: mail clients set what follows apart.
    ['-- ', footer.reason, ...(ask ? [ask] : [])].join('\n'),
  ].join('\n\n');
  return { to: parts.to, subject: parts.subject, text: `${text}\n`, html };
}
