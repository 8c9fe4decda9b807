/** The help texts in the reader's language (the i18n layer's locale), English as the reference. */
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
