/**
 * Every translated string, by language. Each feature keeps its strings in its own file per
 * language (en/<feature>.ts, fr/<feature>.ts, de/<feature>.ts); English is the reference, and
 * the other languages are typed against it so a missing key fails the typecheck. A message that
 * says a count is an object of plural forms (`plural.ts`), in every language.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { account as deAccount } from './de/account';
import { common as deCommon } from './de/common';
import { create as deCreate } from './de/create';
import { data as deData } from './de/data';
import { discover as deDiscover } from './de/discover';
import { help as deHelp } from './de/help';
import { manage as deManage } from './de/manage';
import { account as enAccount } from './en/account';
import { common as enCommon } from './en/common';
import { create as enCreate } from './en/create';
import { data as enData } from './en/data';
import { discover as enDiscover } from './en/discover';
import { help as enHelp } from './en/help';
import { manage as enManage } from './en/manage';
import { account as frAccount } from './fr/account';
import { common as frCommon } from './fr/common';
import { create as frCreate } from './fr/create';
import { data as frData } from './fr/data';
import { discover as frDiscover } from './fr/discover';
import { help as frHelp } from './fr/help';
import { manage as frManage } from './fr/manage';
import type { DictionaryOf, PluralKeyOf } from './plural';

export const en = {
  ...enCommon,
  ...enDiscover,
  ...enAccount,
  ...enData,
  ...enCreate,
  ...enHelp,
  ...enManage,
};
export type MessageKey = keyof typeof en;
/** The keys whose messages are plural forms: `t()` requires a `count` for them. */
export type PluralKey = PluralKeyOf<typeof en>;
export type Dictionary = DictionaryOf<typeof en>;

export const dictionaries: Record<Locale, Dictionary> = {
  en,
  fr: { ...frCommon, ...frDiscover, ...frAccount, ...frData, ...frCreate, ...frHelp, ...frManage },
  de: { ...deCommon, ...deDiscover, ...deAccount, ...deData, ...deCreate, ...deHelp, ...deManage },
};
