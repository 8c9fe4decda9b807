/**
 * SQL for a listing's searchable text: the source text translations start from, the search
 * vocabulary and the full-text documents a listing's words are found by.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

/** The listing text a translation job starts from (none once the listing is deleted). */
export function sourceText(q: Q, listingId: string, options: { lock?: boolean } = {}) {
  let query = q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .select(['l.id', 'l.title', 'd.description', 'l.tags', 'l.source_language'])
    .where('l.id', '=', listingId)
    .where('l.state', '<>', 'deleted');
  if (options.lock) query = query.forUpdate('l');
  return query.executeTakeFirst();
}

/**
 * Adds words of a listing's titles and tags in one language to the search vocabulary. `listings`
 * goes up by one each time a word is recorded (publish, text edit, translation): a usage weight
 * that prefers common words among equally similar ones, not an exact count of listings.
 */
export async function recordSearchWords(q: Q, words: string[], language: string) {
  if (words.length === 0) return;
  await sql`
    INSERT INTO search_words (word, languages)
    SELECT w, ARRAY[${language}::text] FROM unnest(${sql.val(words)}::text[]) AS w
    ON CONFLICT (word) DO UPDATE SET
      listings = search_words.listings + 1,
      languages = CASE WHEN ${language}::text = ANY (search_words.languages) THEN search_words.languages
                       ELSE search_words.languages || ${language}::text END`.execute(q);
}

/** The weighted full-text document of a listing's texts (A: titles, B: tags, C: descriptions). */
export function searchVectorSql(parts: { weight: 'A' | 'B' | 'C'; text: string }[]) {
  return sql<string>`${sql.join(
    parts.map((p) => sql`setweight(to_tsvector('simple', ${p.text}), ${sql.lit(p.weight)})`),
    sql` || `,
  )}`;
}

/** The search document of a listing's own text, before any translation is added. */
export function listingSearchVector(text: { title: string; tags: string[]; description: string }) {
  return searchVectorSql([
    { weight: 'A', text: text.title },
    { weight: 'B', text: text.tags.join(' ') },
    { weight: 'C', text: text.description },
  ]);
}

export function titleVectorSql(titles: string) {
  return sql<string>`to_tsvector('simple', ${titles})`;
}
