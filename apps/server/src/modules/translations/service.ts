/**
 * Translation records: user text is kept in its source language and translated into the other
 * supported languages by translation jobs. Editing the source marks its translations stale and
 * queues new ones. Reads follow the fallback policy and say which language they served.
 */
import { createHash } from 'node:crypto';
import { type Locale, localeChain, resolveLocale, SUPPORTED_LOCALES } from '@kitwright/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB, TranslationVariant } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { JobError, type JobHandler } from '../../platform/jobs';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import type { JobsService } from '../jobs/service';
import { automaticChecks } from '../moderation/service';

export const LISTING_FIELDS = ['title', 'description', 'tags'] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** The translations a listing carries for fast reads: per language, the fields and the source they came from. */
export type ListingI18n = Record<
  string,
  { title?: string; description?: string; tags?: string; source_hash?: string }
>;

export function listingSourceHash(listing: { title: string; description: string; tags: string[] }): string {
  return createHash('sha256')
    .update(`${listing.title}\u0000${listing.description}\u0000${listing.tags.join(',')}`)
    .digest('hex')
    .slice(0, 16);
}

export interface Localised {
  title: string;
  description: string;
  tags: string[];
  localisation: { language: string; source_language: string; translated: boolean; stale: boolean };
}

/**
 * Picks the requested locale, then its fallbacks, then the source text. A translation made from
 * an older version of the source is skipped (and reported as stale) rather than shown as current.
 */
export function localiseListing(
  listing: { title: string; description: string; tags: string[]; source_language: string; i18n: unknown },
  requested: string | null | undefined,
): Localised {
  const locale: Locale = resolveLocale(requested);
  const i18n = (listing.i18n ?? {}) as ListingI18n;
  const hash = listingSourceHash(listing);
  let stale = false;
  for (const language of localeChain(locale, listing.source_language)) {
    if (language === listing.source_language) {
      return {
        title: listing.title,
        description: listing.description,
        tags: listing.tags,
        localisation: { language, source_language: listing.source_language, translated: false, stale },
      };
    }
    const variant = i18n[language];
    if (!variant?.title) continue;
    if (variant.source_hash !== hash) {
      stale = true;
      continue;
    }
    return {
      title: variant.title,
      description: variant.description ?? listing.description,
      tags: variant.tags ? variant.tags.split(', ') : listing.tags,
      localisation: { language, source_language: listing.source_language, translated: true, stale: false },
    };
  }
  return {
    title: listing.title,
    description: listing.description,
    tags: listing.tags,
    localisation: {
      language: listing.source_language,
      source_language: listing.source_language,
      translated: false,
      stale,
    },
  };
}

/**
 * Adds the words of a listing's titles and tags in one language to the search vocabulary (used to
 * correct typos, preferring words of the reader's language). `search_words.listings` goes up by
 * one each time a word is recorded (publish, text edit, translation): a usage weight that prefers
 * common words among equally similar ones, not an exact count of listings using the word (words
 * are never taken back out).
 */
export async function recordSearchWords(q: Kysely<DB>, texts: string[], language: string) {
  const words = [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 2 && w.length <= 64),
    ),
  ];
  if (words.length === 0) return;
  await sql`
    INSERT INTO search_words (word, languages)
    SELECT w, ARRAY[${language}::text] FROM unnest(${sql.val(words)}::text[]) AS w
    ON CONFLICT (word) DO UPDATE SET
      listings = search_words.listings + 1,
      languages = CASE WHEN ${language}::text = ANY (search_words.languages) THEN search_words.languages
                       ELSE search_words.languages || ${language}::text END`.execute(q);
}

export function searchVectorSql(parts: { weight: 'A' | 'B' | 'C'; text: string }[]) {
  return sql<string>`${sql.join(
    parts.map((p) => sql`setweight(to_tsvector('simple', ${p.text}), ${sql.lit(p.weight)})`),
    sql` || `,
  )}`;
}

export function createTranslationsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  provider: TranslationProvider;
  jobs: JobsService;
  logger: Logger;
}) {
  const { db, clock } = deps;

  return {
    /**
     * Records the listing's current source text; changed fields go stale and a translation job is
     * queued. The job's key names the source version (every change of a field's text raises its
     * revision), so repeating this for the same version returns the same job, while any new version
     * gets a job of its own, even one whose text equals an earlier version (A → B → A).
     */
    async syncListing(
      q: Kysely<DB> | Transaction<DB>,
      listing: {
        id: string;
        title: string;
        description: string;
        tags: string[];
        source_language: string;
        owner_user_id: string;
      },
      correlationId: string | null,
    ) {
      const now = clock.now();
      const texts: Record<ListingField, string> = {
        title: listing.title,
        description: listing.description,
        tags: listing.tags.join(', '),
      };
      for (const field of LISTING_FIELDS) {
        const hash = createHash('sha256').update(texts[field]).digest('hex');
        await sql`
          INSERT INTO translation_records (id, resource_type, resource_id, field, source_text, source_language, source_hash, created_at, updated_at)
          VALUES (${newId()}, 'listing', ${listing.id}, ${field}, ${texts[field]}, ${listing.source_language}, ${hash}, ${now}, ${now})
          ON CONFLICT (resource_type, resource_id, field) DO UPDATE SET
            source_text = EXCLUDED.source_text, source_language = EXCLUDED.source_language, source_hash = EXCLUDED.source_hash,
            source_revision = translation_records.source_revision + 1,
            stale = true, status = 'pending', updated_at = EXCLUDED.updated_at
          WHERE translation_records.source_hash <> EXCLUDED.source_hash
             OR translation_records.source_language <> EXCLUDED.source_language`.execute(q);
      }
      const revision = await q
        .selectFrom('translation_records')
        .select((eb) => eb.fn.sum<number>('source_revision').as('revision'))
        .where('resource_type', '=', 'listing')
        .where('resource_id', '=', listing.id)
        .executeTakeFirst();
      await deps.jobs.enqueue(
        {
          type: 'translation',
          ownerUserId: null,
          resource: { type: 'listing', id: listing.id },
          idempotencyKey: `listing:${listing.id}:${listingSourceHash(listing)}:${listing.source_language}:r${Number(revision?.revision ?? 0)}`,
          payload: { resource_type: 'listing', resource_id: listing.id },
          steps: ['translate'],
          correlationId,
        },
        q === db ? undefined : (q as Transaction<DB>),
      );
    },

    /** Translates every stale field of a listing and refreshes its fast-read copy and search terms. */
    async translateListing(listingId: string): Promise<{ languages: string[]; fields: number }> {
      const records = await db
        .selectFrom('translation_records')
        .selectAll()
        .where('resource_type', '=', 'listing')
        .where('resource_id', '=', listingId)
        .execute();
      const listing = await db
        .selectFrom('listings as l')
        .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
        .select(['l.id', 'l.title', 'd.description', 'l.tags', 'l.source_language'])
        .where('l.id', '=', listingId)
        .executeTakeFirst();
      if (!listing) return { languages: [], fields: 0 };
      const source = listing.source_language;
      const targets = SUPPORTED_LOCALES.filter((l) => l !== source);
      const stale = records.filter((r) => r.stale);
      for (const target of targets) {
        const texts = stale.map((r) => r.source_text);
        let out: string[];
        try {
          out = await deps.provider.translate(texts, source, target);
        } catch (err) {
          deps.logger.warn({ err, stage: 'translate', target }, 'translation provider failed');
          throw new JobError(
            'TRANSLATION_UNAVAILABLE',
            'The translation service is not answering; we will try again.',
            true,
            { cause: err },
          );
        }
        stale.forEach((record, i) => {
          const variants = record.variants as Record<string, TranslationVariant>;
          variants[target] = {
            text: out[i] ?? record.source_text,
            provider: deps.provider.id,
            translated_at: clock.now().toISOString(),
          };
        });
      }
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        for (const record of stale) {
          const variants = record.variants as Record<string, TranslationVariant>;
          const flags = Object.entries(variants).flatMap(([language, v]) =>
            automaticChecks({ title: v.text, description: '', tags: [] }).map((f) => ({ language, ...f })),
          );
          await trx
            .updateTable('translation_records')
            .set({
              variants: JSON.stringify(variants),
              stale: false,
              status: 'complete',
              provider: deps.provider.id,
              moderation_flags: JSON.stringify(flags),
              updated_at: now,
            })
            .where('id', '=', record.id)
            .where('source_hash', '=', record.source_hash)
            .execute();
        }
        const fresh = await trx
          .selectFrom('translation_records')
          .selectAll()
          .where('resource_type', '=', 'listing')
          .where('resource_id', '=', listingId)
          .execute();
        // The source changed while we translated: a newer job will bring its translations.
        if (fresh.some((r) => r.stale)) return;
        const byField = new Map(fresh.map((r) => [r.field, r]));
        const current = await trx
          .selectFrom('listings as l')
          .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
          .select(['l.title', 'd.description', 'l.tags'])
          .where('l.id', '=', listingId)
          .forUpdate('l')
          .executeTakeFirstOrThrow();
        const hash = listingSourceHash(current);
        const i18n: ListingI18n = {};
        for (const target of targets) {
          const variant = (field: ListingField) =>
            ((byField.get(field)?.variants ?? {}) as Record<string, TranslationVariant>)[target]?.text;
          i18n[target] = {
            title: variant('title'),
            description: variant('description'),
            tags: variant('tags'),
            source_hash: hash,
          };
        }
        const parts = [
          { weight: 'A' as const, text: current.title },
          { weight: 'B' as const, text: current.tags.join(' ') },
          { weight: 'C' as const, text: current.description },
          ...Object.values(i18n).flatMap((v) => [
            { weight: 'A' as const, text: v.title ?? '' },
            { weight: 'B' as const, text: v.tags ?? '' },
            { weight: 'C' as const, text: v.description ?? '' },
          ]),
        ];
        await trx
          .updateTable('listing_details')
          .set({ i18n: JSON.stringify(i18n) })
          .where('listing_id', '=', listingId)
          .execute();
        const titles = [current.title, ...Object.values(i18n).map((v) => v.title ?? '')].join(' ');
        await trx
          .updateTable('listings')
          .set({
            search_vector: searchVectorSql(parts),
            title_vector: sql<string>`to_tsvector('simple', ${titles})`,
          })
          .where('id', '=', listingId)
          .execute();
        for (const [language, variant] of Object.entries(i18n))
          await recordSearchWords(trx, [variant.title ?? '', variant.tags ?? ''], language);
      });
      return { languages: targets, fields: stale.length };
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;

export function createTranslationJobHandler(translations: TranslationsService): JobHandler {
  return {
    type: 'translation',
    async run(ctx) {
      const payload = ctx.job.payload as { resource_type: string; resource_id: string };
      if (payload.resource_type !== 'listing')
        throw new JobError('UNSUPPORTED_RESOURCE', 'Nothing to translate.', false);
      const result = await ctx.step('translate', () => translations.translateListing(payload.resource_id));
      return result;
    },
  };
}
