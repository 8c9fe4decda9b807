/**
 * Translation records: user text is kept in its source language and translated into the other
 * supported languages by translation jobs. Editing the source marks its translations stale and
 * queues new ones. What a reader sees is chosen by localise.ts; the listing's fast-read copy of
 * its translations and its search terms belong to the listings module, reached through
 * `ListingTexts`.
 */
import { createHash } from 'node:crypto';
import { SUPPORTED_LOCALES } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB, TranslationVariant } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { currentCorrelationId } from '../../platform/correlation';
import { JobError } from '../../platform/jobs';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import type { JobsApi } from '../jobs/face';
import { automaticChecks } from '../moderation/checks';
import { translationJob } from './job-handler';
import { LISTING_FIELDS, type ListingField, type ListingI18n, listingSourceHash } from './localise';
import * as repo from './repo';

/** A listing's source text, as translation reads it. */
export interface ListingText {
  id: string;
  title: string;
  description: string;
  tags: string[];
  source_language: string;
}

/** What translation needs from the listings module. */
export interface ListingTexts {
  sourceText(
    q: Kysely<DB> | Transaction<DB>,
    listingId: string,
    options?: { lock?: boolean },
  ): Promise<ListingText | undefined>;
  /** Stores the translations a listing carries for fast reads and makes them searchable. */
  applyTranslations(trx: Transaction<DB>, listing: ListingText, i18n: ListingI18n): Promise<void>;
  /** Drops every process's cached gallery pages and search vocabulary (after the transaction committed). */
  dropCaches(): void;
}

export function createTranslationsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  provider: TranslationProvider;
  jobs: JobsApi;
  listings: ListingTexts;
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
    ) {
      const now = clock.now();
      const texts: Record<ListingField, string> = {
        title: listing.title,
        description: listing.description,
        tags: listing.tags.join(', '),
      };
      for (const field of LISTING_FIELDS) {
        await repo.recordSource(q, {
          resourceType: 'listing',
          resourceId: listing.id,
          field,
          text: texts[field],
          language: listing.source_language,
          hash: createHash('sha256').update(texts[field]).digest('hex'),
          at: now,
        });
      }
      const revision = await repo.revisionOf(q, 'listing', listing.id);
      await deps.jobs.enqueue(
        translationJob,
        {
          ownerUserId: null,
          resource: { type: 'listing', id: listing.id },
          idempotencyKey: `listing:${listing.id}:${listingSourceHash(listing)}:${listing.source_language}:r${revision}`,
          payload: { resource_type: 'listing', resource_id: listing.id },
          correlationId: currentCorrelationId(),
        },
        q === db ? undefined : (q as Transaction<DB>),
      );
    },

    /** Listings deleted with their owner's account take their source texts and translations along. */
    eraseForListings: (trx: Transaction<DB>, listingIds: readonly string[]) =>
      repo.deleteOf(trx, 'listing', listingIds),

    /** Translates every stale field of a listing and refreshes its fast-read copy and search terms. */
    async translateListing(listingId: string): Promise<{ languages: string[]; fields: number }> {
      const records = await repo.recordsOf(db, 'listing', listingId);
      const listing = await deps.listings.sourceText(db, listingId);
      if (!listing) return { languages: [], fields: 0 };
      const source = listing.source_language;
      const targets = SUPPORTED_LOCALES.filter((l) => l !== source);
      const stale = records.filter((r) => r.stale);
      for (const target of targets) {
        const texts = stale.map((r) => r.source_text);
        let out: Array<string | null>;
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
          const text = out[i];
          // Left untranslated (machine translation off): no variant, not even an older one, so
          // readers get the current original.
          if (text === null || text === undefined) delete variants[target];
          else
            variants[target] = { text, provider: deps.provider.id, translated_at: clock.now().toISOString() };
        });
      }
      const now = clock.now();
      const applied = await db.transaction().execute(async (trx) => {
        for (const record of stale) {
          const variants = record.variants as Record<string, TranslationVariant>;
          const flags = Object.entries(variants).flatMap(([language, v]) =>
            automaticChecks({ title: v.text, description: '', tags: [] }).map((f) => ({ language, ...f })),
          );
          await repo.completeRecord(trx, {
            id: record.id,
            sourceHash: record.source_hash,
            variants,
            provider: deps.provider.id,
            moderationFlags: flags,
            at: now,
          });
        }
        const fresh = await repo.recordsOf(trx, 'listing', listingId);
        // The source changed while we translated: a newer job will bring its translations.
        if (fresh.some((r) => r.stale)) return false;
        const byField = new Map(fresh.map((r) => [r.field, r]));
        const current = await deps.listings.sourceText(trx, listingId, { lock: true });
        if (!current) return false;
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
        await deps.listings.applyTranslations(trx, current, i18n);
        return true;
      });
      // The listing's translated words are searchable now: pages and vocabulary read before are stale.
      if (applied) deps.listings.dropCaches();
      return { languages: targets, fields: stale.length };
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
