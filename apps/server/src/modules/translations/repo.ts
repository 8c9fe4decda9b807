/** SQL for translation records: a listing field's source text, its language variants, staleness. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, TranslationVariant } from '../../db/schema';
import { newId } from '../../platform/ids';

type Q = Kysely<DB> | Transaction<DB>;

/**
 * Records a field's current source; when it changed (text or language) its revision goes up and
 * it becomes stale and pending until a translation job catches up.
 */
export async function recordSource(
  q: Q,
  source: {
    resourceType: string;
    resourceId: string;
    field: string;
    text: string;
    language: string;
    hash: string;
    at: Date;
  },
) {
  await sql`
    INSERT INTO translation_records (id, resource_type, resource_id, field, source_text, source_language, source_hash, created_at, updated_at)
    VALUES (${newId()}, ${source.resourceType}, ${source.resourceId}, ${source.field}, ${source.text}, ${source.language}, ${source.hash}, ${source.at}, ${source.at})
    ON CONFLICT (resource_type, resource_id, field) DO UPDATE SET
      source_text = EXCLUDED.source_text, source_language = EXCLUDED.source_language, source_hash = EXCLUDED.source_hash,
      source_revision = translation_records.source_revision + 1,
      stale = true, status = 'pending', updated_at = EXCLUDED.updated_at
    WHERE translation_records.source_hash <> EXCLUDED.source_hash
       OR translation_records.source_language <> EXCLUDED.source_language`.execute(q);
}

/** The sum of a resource's field revisions: it names the version of its source text. */
export async function revisionOf(q: Q, resourceType: string, resourceId: string): Promise<number> {
  const row = await q
    .selectFrom('translation_records')
    .select((eb) => eb.fn.sum<number>('source_revision').as('revision'))
    .where('resource_type', '=', resourceType)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export function recordsOf(q: Q, resourceType: string, resourceId: string) {
  return q
    .selectFrom('translation_records')
    .selectAll()
    .where('resource_type', '=', resourceType)
    .where('resource_id', '=', resourceId)
    .execute();
}

/** Stores a record's translations unless its source changed meanwhile (the hash no longer matches). */
export async function completeRecord(
  q: Q,
  record: {
    id: string;
    sourceHash: string;
    variants: Record<string, TranslationVariant>;
    provider: string;
    moderationFlags: unknown[];
    at: Date;
  },
) {
  await q
    .updateTable('translation_records')
    .set({
      variants: JSON.stringify(record.variants),
      stale: false,
      status: 'complete',
      provider: record.provider,
      moderation_flags: JSON.stringify(record.moderationFlags),
      updated_at: record.at,
    })
    .where('id', '=', record.id)
    .where('source_hash', '=', record.sourceHash)
    .execute();
}

/** Deletes the translation records of these resources (their source text is the owner's). */
export async function deleteOf(q: Q, resourceType: string, resourceIds: readonly string[]) {
  if (resourceIds.length === 0) return;
  await q
    .deleteFrom('translation_records')
    .where('resource_type', '=', resourceType)
    .where('resource_id', 'in', [...resourceIds])
    .execute();
}
