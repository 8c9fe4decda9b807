/**
 * CSV for exports opened in spreadsheets: RFC 4180 quoting (a field with a comma, quote or line
 * break is quoted, quotes doubled), CRLF line ends, and text that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) prefixed with an apostrophe, so an
 * exported value typed by a visitor can never execute (OWASP "CSV injection"). Numbers stay numbers.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
