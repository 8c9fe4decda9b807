// Text read from a file, as a message quotes it. A file that is not text at all (random bytes, a
// binary file under a text header) would otherwise put raw bytes into an error message, and from
// there into a terminal (escape sequences) or a web page: such text is named, never echoed.

/** Control characters other than tab, C1 controls, line separators, the replacement character (bytes that were not UTF-8). */
function isText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || c === 0xfffd)
      return false;
  }
  return true;
}

/** Longest text quoted; longer text is cut with an ellipsis. */
const QUOTE_MAX_CHARACTERS = 40;

/** `"text"` (cut to QUOTE_MAX_CHARACTERS), or a description when the text holds bytes that are not text. */
export function quoteText(text: string): string {
  if (!isText(text)) return 'bytes that are not text (the file may be binary or damaged)';
  const characters = Array.from(text);
  return characters.length > QUOTE_MAX_CHARACTERS
    ? `"${characters.slice(0, QUOTE_MAX_CHARACTERS).join('')}…"`
    : `"${text}"`;
}
