/** Money and dates for the pre-order screens, in the reader's language. */
export function formatMoney(locale: string, money: { amount_minor: number; currency: string }): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(
    money.amount_minor / 100,
  );
}

export function formatDay(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatMoment(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
