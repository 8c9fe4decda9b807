/**
 * Automatic moderation checks that run when a listing is published or its words change. Nothing is
 * rejected here: a listing with no finding is approved at once, one with findings waits for a person
 * (pending). Each finding keeps the text that caused it, which the moderator reads in the queue.
 */
export interface ModerationFinding {
  code: 'LANGUAGE' | 'LINKS' | 'CONTACT_DETAILS' | 'SHOUTING' | 'USE_CASE_MISMATCH';
  message: string;
  /** The words that caused the finding, as written (at most 200 characters). */
  excerpt: string;
}

const ABUSIVE = /\b(fuck\w*|shit\w*|cunt\w*|bitch\w*|wank\w*|twat\w*)\b/i;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+?\d[\s-]?){9,}/;
// Words that suggest a blocked use while the publisher declared an allowed one.
const BLOCKED_USE_HINTS =
  /\b(for (kids|children|toddlers|babies)|toy for|load[- ]bearing|holds? (people|weight)|shower|bath(room)? (shelf|wall)|wiring|electrical|facade|cladding)\b/i;

const EXCERPT_MAX = 200;
const excerptOf = (text: string) => text.trim().slice(0, EXCERPT_MAX);

export function automaticChecks(text: {
  title: string;
  description: string;
  tags: string[];
}): ModerationFinding[] {
  const all = `${text.title}\n${text.description}\n${text.tags.join(' ')}`;
  const findings: ModerationFinding[] = [];
  const abusive = ABUSIVE.exec(all);
  if (abusive)
    findings.push({
      code: 'LANGUAGE',
      message: 'The text contains language we review before it goes public.',
      excerpt: excerptOf(abusive[0]),
    });
  const links = all.match(URL) ?? [];
  if (links.length > 1)
    findings.push({
      code: 'LINKS',
      message: 'Several links: we check them for spam first.',
      excerpt: excerptOf(links.join(' ')),
    });
  const contact = EMAIL.exec(all) ?? PHONE.exec(all);
  if (contact)
    findings.push({
      code: 'CONTACT_DETAILS',
      message: 'Contact details are kept out of public listings for your privacy.',
      excerpt: excerptOf(contact[0]),
    });
  const letters = text.title.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 10 && letters === letters.toUpperCase())
    findings.push({
      code: 'SHOUTING',
      message: 'A title in capitals is reviewed first.',
      excerpt: excerptOf(text.title),
    });
  const hint = BLOCKED_USE_HINTS.exec(all);
  if (hint) {
    findings.push({
      code: 'USE_CASE_MISMATCH',
      message: 'The text suggests a use that block kits are not approved for; a person will check it.',
      excerpt: excerptOf(hint[0]),
    });
  }
  return findings;
}
