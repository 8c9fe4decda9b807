/**
 * The one HTML escaper. It escapes the five characters that can end or open markup — `&`, `<`,
 * `>`, `"` and `'` — so one function is safe for text between tags and for attribute values in
 * either quote. XML (sitemaps) escapes the same five. Every page, form and email the server writes
 * uses it.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
