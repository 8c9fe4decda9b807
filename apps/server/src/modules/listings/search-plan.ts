/**
 * How a gallery search reads the listings, decided before any listing row is read.
 *
 * Every page is the first `limit` matches in one indexed order (views for relevance, or the
 * chosen sort). Two exact ways find them, and each is cheap where the other is not:
 * - `walk`: follow the order's index and test each visible listing until the page is full. Cheap
 *   when matches are common (a page of 25 at 5% density reads ~500 rows); hopeless when they are
 *   rare or absent (it would read every visible listing), so the walk is bounded by `width` rows.
 * - `collect`: take every match from the full-text (GIN) index, then sort them. Cheap when
 *   matches are few; costly when they are many, so it stops at `width` rows: fewer means that
 *   was all of them (sorted, exact), `width` means matches are common and the walk will be short.
 *
 * The order is chosen from an estimate of how many listings match: PostgreSQL's own statistics
 * of the two search vectors (the most common lexemes and their frequencies), with AND-ed words
 * treated as independent. A wrong guess costs at most one bounded pass, never a full scan:
 * `width` is sqrt(visible × page), the point where the two worst cases meet (about 1,600 rows at
 * 100,000 listings, 5,100 at 1,000,000).
 */

/** What the user typed, split into the words matched exactly and the word being typed. */
export interface ParsedQuery {
  /** The whole query, read as web search syntax (quotes, "or", -word): matched exactly. */
  text: string;
  /** The query without its last word, when the last word is matched as a prefix. */
  head: string;
  /** The last word, matched as a prefix (`brid` finds bridges); null when it is not a plain word. */
  prefix: string | null;
  /** Lowercased plain words that must all be present (for the estimate; negated and OR-ed ones left out). */
  required: string[];
}

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
/** A prefix shorter than this matches too much to help anyone ("a", "to"). */
export const MIN_PREFIX = 3;

export function parseQuery(q: string): ParsedQuery {
  const text = q.trim();
  const tokens = text.split(/\s+/).filter(Boolean);
  const last = tokens[tokens.length - 1] ?? '';
  const beforeLast = tokens[tokens.length - 2]?.toLowerCase();
  const syntax = text.includes('"') || /\bor\b/i.test(text);
  const prefix =
    !text.includes('"') && PLAIN_WORD.test(last) && last.length >= MIN_PREFIX && beforeLast !== 'or'
      ? last.toLowerCase()
      : null;
  const required = syntax
    ? []
    : tokens
        .filter((t) => !t.startsWith('-'))
        .flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u))
        .filter(Boolean);
  return { text, head: prefix ? tokens.slice(0, -1).join(' ') : text, prefix, required };
}

/** Lexeme frequencies of one search vector, as PostgreSQL's statistics sampled them. */
export interface VectorStats {
  /** Fraction of listings whose vector holds each of the most common lexemes. */
  frequency: Map<string, number>;
  /** The least frequency listed: any lexeme not listed is rarer than this. */
  floor: number;
}

export interface SearchStats {
  /** Visible listings (an estimate from the table's statistics). */
  visible: number;
  title: VectorStats | null;
  all: VectorStats | null;
}

function frequency(stats: VectorStats, word: string): number {
  return stats.frequency.get(word) ?? stats.floor;
}

/** How many listings can match, and how many are expected to, as shares of all. */
export interface Density {
  /** The most: every word must be present, so the rarest bounds the rest. */
  bound: number;
  /** The expected: the words taken as independent. */
  estimate: number;
  /** Some word is not among the statistics' common lexemes: only known to be rarer than them. */
  unlisted: boolean;
}

/**
 * The share of listings holding every one of `words` and at least one of `anyOf` (the
 * completions of a word being typed), from the statistics; null when it cannot be told (no
 * statistics yet, or OR/phrase syntax). `query` is null for filters alone.
 */
export function densityOf(
  stats: VectorStats | null,
  query: ParsedQuery | null,
  words: string[],
  anyOf: string[] | null = null,
): Density | null {
  if (!stats || (query && query.required.length === 0)) return null;
  const shares = words.map((word) => frequency(stats, word));
  if (anyOf)
    shares.push(
      Math.min(
        1,
        anyOf.reduce((sum, word) => sum + frequency(stats, word), 0),
      ),
    );
  const listed = (word: string) => stats.frequency.has(word);
  return {
    bound: Math.min(1, ...shares),
    estimate: shares.reduce((product, share) => product * share, 1),
    unlisted: !words.every(listed) || (anyOf !== null && !anyOf.some(listed)),
  };
}

/**
 * - `walk-first`: matches are expected to be common enough for a walk to fill the page.
 * - `collect-first`: even the most matches there can be fit one collection.
 * - `check-first`: words that are each common but expected to meet rarely ("red bridge"): a
 *   collection of two pages at most tells at the cost of the index alone whether they meet
 *   rarely (then that was all of them) or often (then the walk is short), as independence is
 *   only a guess for words (they meet in "red tower" on every page).
 */
export type Strategy = 'walk-first' | 'collect-first' | 'check-first';

export interface ReadPlan {
  strategy: Strategy;
  /** The most rows either bounded pass reads. */
  width: number;
}

export function widthFor(visible: number, pageSize: number): number {
  return Math.max(200, Math.min(20_000, Math.round(Math.sqrt(Math.max(visible, 1) * pageSize))));
}

export function planRead(density: Density | null, visible: number, pageSize: number): ReadPlan {
  const width = widthFor(visible, pageSize);
  if (density && density.bound * visible <= width) return { strategy: 'collect-first', width };
  // The walk fills a page after about pageSize / density rows: when that passes its bound, check
  // first. A word rarer than every common one (a typo, most often) is checked first too: the
  // index answers for it in a moment, where a walk would read its whole bound to find nothing.
  if (density && (density.unlisted || density.estimate * width < pageSize))
    return { strategy: 'check-first', width };
  return { strategy: 'walk-first', width };
}
