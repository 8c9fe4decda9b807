// Numbers in text formats. JavaScript's Number() reads "Infinity" but not the "inf", "-inf" and
// "nan" spellings C's printf writes (and so most exporters), which made the same non-finite value a
// malformed file in one spelling and NON_FINITE_COORDINATES in another. Every spelling of a
// non-finite value is read as one here, so the caller gives it one code.

const NON_FINITE = /^[+-]?(?:inf|infinity|nan(?:\(\w*\))?)$/i;

/** The value of a number token, with C spellings of infinity and NaN; NaN for anything else that is not a number. */
export function readNumberToken(token: string): number {
  const value = Number(token);
  if (!Number.isNaN(value) || !NON_FINITE.test(token)) return value;
  const lower = token.toLowerCase();
  if (lower.includes('nan')) return Number.NaN;
  return lower.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** Whether a token spells a non-finite value (inf, -inf, Infinity, nan, ...), as opposed to text that is no number. */
export function isNonFiniteToken(token: string): boolean {
  return NON_FINITE.test(token) || (Number.isFinite(Number(token)) === false && !Number.isNaN(Number(token)));
}
