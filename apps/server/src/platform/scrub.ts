/**
 * The one scrubber of personal data and secrets, used by every log line (logging.ts) and every
 * error event, the app's reports included (the error tracker, client-errors): emails, IP addresses,
 * tokens and keys, card numbers, and the values of secret-named fields, and the query string and
 * fragment of URL fields, also when percent-encoded. What it cannot recognise it leaves as written.
 */

/** Field names whose values are secrets wherever they appear (JSON members, query parameters). */
const SECRET_KEY =
  '[A-Za-z0-9_-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|authori[sz]ation|cookie)[A-Za-z0-9_-]*|card[_-]?number|cardnumber|cvc2?|cvv2?|security[_-]?code';

/** Fields that hold a URL or a route: kept without their query string and fragment. */
const URL_KEY = 'route|url|href|referrer|referer';

/** A query string or fragment starting, as written or percent-encoded (once or more). */
const QUERY_START = /[?#]|%(?:25)*(?:3f|23)/i;

/** A URL or route without its query string and fragment, the rest scrubbed. */
export function scrubUrl(value: string): string {
  const start = QUERY_START.exec(value);
  return scrubText(start ? value.slice(0, start.index) : value);
}

/** Luhn's check, which every payment card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A string inside a JSON string (escaped once): a character, an escape other than \" (which ends
 * it), or an escape of the inner level (\\ then one more character).
 */
const ESCAPED_VALUE = String.raw`(?:[^\\"]|\\[^"\\]|\\\\(?:[^\\"]|\\.))*`;

const SCRUBBERS: Array<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  // Stripe's secret and restricted keys, webhook secrets, setup and payment intents' client secrets.
  [/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{8,}/g, '[secret]'],
  [/\bwhsec_[A-Za-z0-9+/=]{8,}/g, '[secret]'],
  [/\b(?:seti|pi)_[A-Za-z0-9_]+?_secret_[A-Za-z0-9]+/g, '[secret]'],
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [token]'],
  // Our own opaque tokens: refresh (kwr_), email verification (kwv_), password reset (kwp_).
  [/\bkw[rvp]_[A-Za-z0-9_-]{16,}/g, '[token]'],
  // A signed visitor session (cookie or x-visitor-session): its id, a dot, its signature.
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9+/_-]{20,}={0,2}/gi, '[token]'],
  // A secret-named JSON member (string or number value)...
  [
    new RegExp(String.raw`"(${SECRET_KEY})"(\s*:\s*)(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)`, 'gi'),
    (_m, key, colon) => `"${key}"${colon}"[redacted]"`,
  ],
  // ...also inside a string that carries JSON (escaped quotes).
  [
    new RegExp(String.raw`\\"(${SECRET_KEY})\\"(\s*:\s*)(?:\\"${ESCAPED_VALUE}\\"|-?\d+(?:\.\d+)?)`, 'gi'),
    (_m, key, colon) => `\\"${key}\\"${colon}\\"[redacted]\\"`,
  ],
  // A URL field of a JSON line: its query string and fragment dropped (encoded ones too).
  [
    new RegExp(String.raw`"(${URL_KEY})"(\s*:\s*)"((?:[^"\\]|\\.)*)"`, 'gi'),
    (_m, key, colon, value) => {
      const start = QUERY_START.exec(value);
      return `"${key}"${colon}"${start ? value.slice(0, start.index) : value}"`;
    },
  ],
  // Payment card numbers: 13 to 19 digits, spaces or dashes between, that pass Luhn. They start with
  // 2 to 6 (every network issuing them), which keeps millisecond timestamps (17..., 18...) as written.
  [
    /(?<![\w.])[2-6]\d(?:[ -]?\d){11,17}(?!\w|\.\d)/g,
    (match) => {
      const digits = match.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? '[card]' : match;
    },
  ],
  // Emails in any script (josé@exämple.de as well as jane@example.com).
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu, '[email]'],
  [/\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi, '[ip]'],
  [
    /(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?::\d{1,3}(?:\.\d{1,3}){3})?/gi,
    '[ip]',
  ],
  [/\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g, '[ip]'],
  // A secret-named parameter in a query or form body (OAuth's code and state too), = or %3D.
  [new RegExp(String.raw`\b(${SECRET_KEY}|code|state)(=|%3d)[^&\s"]+`, 'gi'), '$1$2[redacted]'],
];

/** Removes anything that looks like personal data or a secret from a text (a log line, a message). */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUBBERS)
    out =
      typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  return out;
}
