/** Dates in the reader's language; English is written the British way (Kitwright is UK-based). */
export function dateLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}

export function formatDate(
  value: string | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(dateLocale(locale), options);
}
