/**
 * The help and trust pages' texts in the reader's language, English as the reference
 * (`@kitwright/copy/help`): the app's help screens show them and the server's crawler pages quote
 * their titles and summaries.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import type { HelpDocs } from './types';

const BY_LOCALE: Record<Locale, HelpDocs> = { en, fr, de };

export function helpDocs(locale: Locale): HelpDocs {
  return BY_LOCALE[locale] ?? en;
}

export type { HelpDocs, PolicyDoc, PolicyId, PolicySection } from './types';
export { POLICY_VERSIONS } from './versions';
