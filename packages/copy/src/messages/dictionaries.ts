/**
 * Every translated string, by language. Each feature keeps its strings in its own file per
 * language (en/<feature>.ts, fr/<feature>.ts, de/<feature>.ts); English is the reference, and
 * the other languages are typed against it so a missing key fails the typecheck. A message that
 * says a count is an object of plural forms (`plural.ts`), in every language.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { account as deAccount } from './de/account';
import { admin as deAdmin } from './de/admin';
import { buyer as deBuyer } from './de/buyer';
import { common as deCommon } from './de/common';
import { create as deCreate } from './de/create';
import { data as deData } from './de/data';
import { design as deDesign } from './de/design';
import { discover as deDiscover } from './de/discover';
import { help as deHelp } from './de/help';
import { manage as deManage } from './de/manage';
import { reference as deReference } from './de/reference';
import { tester as deTester } from './de/tester';
import { account as enAccount } from './en/account';
import { admin as enAdmin } from './en/admin';
import { buyer as enBuyer } from './en/buyer';
import { common as enCommon } from './en/common';
import { create as enCreate } from './en/create';
import { data as enData } from './en/data';
import { design as enDesign } from './en/design';
import { discover as enDiscover } from './en/discover';
import type { founder as enFounder } from './en/founder';
import { help as enHelp } from './en/help';
import { manage as enManage } from './en/manage';
import type { ops as enOps } from './en/ops';
import { reference as enReference } from './en/reference';
import type { staff as enStaff } from './en/staff';
import { tester as enTester } from './en/tester';
import { account as frAccount } from './fr/account';
import { admin as frAdmin } from './fr/admin';
import { buyer as frBuyer } from './fr/buyer';
import { common as frCommon } from './fr/common';
import { create as frCreate } from './fr/create';
import { data as frData } from './fr/data';
import { design as frDesign } from './fr/design';
import { discover as frDiscover } from './fr/discover';
import { help as frHelp } from './fr/help';
import { manage as frManage } from './fr/manage';
import { reference as frReference } from './fr/reference';
import { tester as frTester } from './fr/tester';
import type { DictionaryOf, PluralKeyOf } from './plural';

const enMain = {
  ...enCommon,
  ...enDiscover,
  ...enAccount,
  ...enData,
  ...enCreate,
  ...enHelp,
  ...enManage,
  ...enAdmin,
  ...enTester,
  ...enDesign,
  ...enBuyer,
  ...enReference,
};
/**
 * Every English message, the staff and founder tools' included. Their strings (`founder`, `ops`,
 * `staff`, in every language) are not in the first load: `staff-messages.ts` adds them when one of
 * those screens loads, so everyone else does not download them.
 */
type English = typeof enMain & typeof enFounder & typeof enOps & typeof enStaff;
export type MessageKey = keyof English;
/** The keys whose messages are plural forms: `t()` requires a `count` for them. */
export type PluralKey = PluralKeyOf<English>;
export type Dictionary = DictionaryOf<English>;
/** English, the reference (the staff tools' strings join when their screens load). */
export const en = enMain as English;
type MainDictionary = DictionaryOf<typeof enMain>;
const withStaffLater = (d: MainDictionary) => d as Dictionary;

export const dictionaries: Record<Locale, Dictionary> = {
  en,
  fr: withStaffLater({
    ...frCommon,
    ...frDiscover,
    ...frAccount,
    ...frData,
    ...frCreate,
    ...frHelp,
    ...frManage,
    ...frAdmin,
    ...frTester,
    ...frDesign,
    ...frBuyer,
    ...frReference,
  }),
  de: withStaffLater({
    ...deCommon,
    ...deDiscover,
    ...deAccount,
    ...deData,
    ...deCreate,
    ...deHelp,
    ...deManage,
    ...deAdmin,
    ...deTester,
    ...deDesign,
    ...deBuyer,
    ...deReference,
  }),
};
