/**
 * A message in the reader's language: the one lookup the app's `t()` and the server's pages both
 * use, so a string reads the same before and after the app runs.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { dictionaries, type MessageKey, type PluralKey } from './dictionaries';
import { formatMessage, type MessageParams } from './plural';

/** The parameters a key takes: a plural message needs its `count` (a number). */
export type ParamsFor<K extends MessageKey> = K extends PluralKey
  ? [params: MessageParams & { count: number }]
  : [params?: MessageParams];

/** The message for `key` in `locale`, with its parameters filled in; English when the locale lacks it, then the key. */
export function translate<K extends MessageKey>(locale: Locale, key: K, ...[params]: ParamsFor<K>): string {
  const message = dictionaries[locale][key] ?? dictionaries.en[key];
  return message === undefined ? key : formatMessage(locale, message, params);
}
