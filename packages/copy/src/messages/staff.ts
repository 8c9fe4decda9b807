/**
 * The staff and founder tools' strings (`founder`, `ops`, `staff`) in every language, added to
 * the dictionaries when this module loads (`@kitwright/copy/staff-messages`). Only those screens
 * import it (through the app's i18n/staff-messages), so its code travels in their chunks and not in
 * the first load of home and the gallery. Importing it twice adds nothing twice.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { founder as deFounder } from './de/founder';
import { ops as deOps } from './de/ops';
import { staff as deStaff } from './de/staff';
import { dictionaries } from './dictionaries';
import { founder as enFounder } from './en/founder';
import { ops as enOps } from './en/ops';
import { staff as enStaff } from './en/staff';
import { founder as frFounder } from './fr/founder';
import { ops as frOps } from './fr/ops';
import { staff as frStaff } from './fr/staff';

export const staffMessages: Record<Locale, object> = {
  en: { ...enFounder, ...enOps, ...enStaff },
  fr: { ...frFounder, ...frOps, ...frStaff },
  de: { ...deFounder, ...deOps, ...deStaff },
};

for (const locale of Object.keys(staffMessages) as Locale[])
  Object.assign(dictionaries[locale], staffMessages[locale]);
