/**
 * Plural forms: a message that says a count ("1 save", "2 saves") is an object of CLDR plural
 * forms, chosen by `Intl.PluralRules` for the reader's language and the count. Plain data and
 * functions, no React, so the server's static pages fill the same messages the app does.
 */

/** The CLDR plural categories; `other` is always there, the rest as a language needs them. */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Message = string | PluralForms;

/** A dictionary typed against the English one: plain strings stay strings, plural forms stay plural forms. */
export type DictionaryOf<T> = { [K in keyof T]: T[K] extends string ? string : PluralForms };

/** The keys of a dictionary whose messages are plural forms (they need a `count`). */
export type PluralKeyOf<T> = { [K in keyof T]: T[K] extends string ? never : K }[keyof T];

export type MessageParams = Record<string, string | number>;

export function isPluralForms(message: Message): message is PluralForms {
  return typeof message === 'object' && message !== null && typeof message.other === 'string';
}

const rules = new Map<string, Intl.PluralRules | null>();

function pluralRules(locale: string): Intl.PluralRules | null {
  let rule = rules.get(locale);
  if (rule === undefined) {
    // An engine without Intl.PluralRules (an old Hermes) falls back to one/other below.
    rule = typeof Intl !== 'undefined' && 'PluralRules' in Intl ? new Intl.PluralRules(locale) : null;
    rules.set(locale, rule);
  }
  return rule;
}

/** The form of `forms` for `count` in `locale`; a category the language has but the message lacks falls back to `other`. */
export function selectPlural(locale: string, forms: PluralForms, count: number): string {
  const rule = pluralRules(locale);
  const category = rule ? rule.select(count) : count === 1 ? 'one' : 'other';
  return forms[category] ?? forms.other;
}

/**
 * A message with its `{name}` parameters filled in. A plural message picks its form by
 * `params.count` and shows the count in the locale's digits (1,234 / 1 234 / 1.234).
 */
export function formatMessage(locale: string, message: Message, params?: MessageParams): string {
  let template: string;
  let values = params;
  if (isPluralForms(message)) {
    const count = Number(params?.count);
    if (Number.isFinite(count)) {
      template = selectPlural(locale, message, count);
      values = { ...params, count: new Intl.NumberFormat(locale).format(count) };
    } else {
      template = message.other;
    }
  } else {
    template = message;
  }
  if (!values) return template;
  const filled = values;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    filled[name] === undefined ? whole : String(filled[name]),
  );
}
