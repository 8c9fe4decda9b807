/**
 * Every message of the app and the pages the server renders, by language (`@kitwright/copy/messages`).
 * The staff and founder tools' strings join when `@kitwright/copy/staff-messages` is imported.
 */
export { type Dictionary, dictionaries, en, type MessageKey, type PluralKey } from './dictionaries';
export {
  formatMessage,
  isPluralForms,
  type Message,
  type MessageParams,
  type PluralForms,
  selectPlural,
} from './plural';
export { type ParamsFor, translate } from './translate';
