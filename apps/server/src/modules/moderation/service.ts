import { AppError } from '../../platform/errors';
import type { ListingsService } from '../listings/service';
import type { ListingConversations } from '../support/service';
/**
 * Automatic moderation checks that run when a listing is published. Nothing is rejected here:
 * a listing with no finding is approved at once, one with findings waits for a person (pending).
 */
export interface ModerationFinding {
  code: 'LANGUAGE' | 'LINKS' | 'CONTACT_DETAILS' | 'SHOUTING' | 'USE_CASE_MISMATCH';
  message: string;
}

const ABUSIVE = /\b(fuck\w*|shit\w*|cunt\w*|bitch\w*|wank\w*|twat\w*)\b/i;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+?\d[\s-]?){9,}/;
// Words that suggest a blocked use while the publisher declared an allowed one.
const BLOCKED_USE_HINTS =
  /\b(for (kids|children|toddlers|babies)|toy for|load[- ]bearing|holds? (people|weight)|shower|bath(room)? (shelf|wall)|wiring|electrical|facade|cladding)\b/i;

export function automaticChecks(text: {
  title: string;
  description: string;
  tags: string[];
}): ModerationFinding[] {
  const all = `${text.title}\n${text.description}\n${text.tags.join(' ')}`;
  const findings: ModerationFinding[] = [];
  if (ABUSIVE.test(all))
    findings.push({
      code: 'LANGUAGE',
      message: 'The text contains language we review before it goes public.',
    });
  if ((all.match(URL) ?? []).length > 1)
    findings.push({ code: 'LINKS', message: 'Several links: we check them for spam first.' });
  if (EMAIL.test(all) || PHONE.test(all))
    findings.push({
      code: 'CONTACT_DETAILS',
      message: 'Contact details are kept out of public listings for your privacy.',
    });
  const letters = text.title.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 10 && letters === letters.toUpperCase())
    findings.push({ code: 'SHOUTING', message: 'A title in capitals is reviewed first.' });
  if (BLOCKED_USE_HINTS.test(all)) {
    findings.push({
      code: 'USE_CASE_MISMATCH',
      message: 'The text suggests a use that block kits are not approved for; a person will check it.',
    });
  }
  return findings;
}

/**
 * Conversations about a listing, seen from moderation. A report names a listing that exists (a
 * report without a reason counts as `other`, so older clients keep working); an appeal comes from
 * the listing's owner.
 */
export function createModerationService(deps: { listings: ListingsService }) {
  const conversations: ListingConversations = {
    async opened(trx, c) {
      const row = await deps.listings.lockLive(trx, c.listingId);
      if (c.category === 'appeal' && row.owner_user_id !== c.requester.userId)
        throw new AppError('FORBIDDEN', 'Only the owner of a listing can appeal a decision about it.');
    },
  };
  return { conversations };
}

export type ModerationService = ReturnType<typeof createModerationService>;
