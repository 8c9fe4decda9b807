/** SQL for stored files: uploads (models, images) and the artefacts jobs make (kits, previews). */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, MediaFilesTable } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export type MediaRow = Selectable<MediaFilesTable>;

export function findFile(q: Q, id: string) {
  return q.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's file of this kind with these exact bytes, if they uploaded it before. */
export function findSame(q: Q, ownerId: string, kind: MediaRow['kind'], sha256: string) {
  return q
    .selectFrom('media_files')
    .selectAll()
    .where('owner_user_id', '=', ownerId)
    .where('kind', '=', kind)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export function insertFile(q: Q, values: Insertable<MediaFilesTable>) {
  return q.insertInto('media_files').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Records a job's artefact by its storage key; a re-run of the job updates the same record. */
export async function upsertArtefact(q: Q, values: Insertable<MediaFilesTable>): Promise<string> {
  const row = await q
    .insertInto('media_files')
    .values(values)
    .onConflict((oc) =>
      oc.column('storage_key').doUpdateSet((eb) => ({
        byte_size: eb.ref('excluded.byte_size'),
        sha256: eb.ref('excluded.sha256'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many of these ids are images of this owner. */
export async function countOwnImages(q: Q, ownerId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await q
    .selectFrom('media_files')
    .select('id')
    .where('id', 'in', [...ids])
    .where('owner_user_id', '=', ownerId)
    .where('kind', '=', 'image')
    .execute();
  return rows.length;
}

/** Which of these ids are uploads (images or models) of this owner, with their kind. */
export function ownUploads(q: Q, ownerId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('media_files')
    .select(['id', 'kind'])
    .where('id', 'in', [...ids])
    .where('owner_user_id', '=', ownerId)
    .where('kind', 'in', ['image', 'source_model'])
    .execute();
}

/**
 * Deletes an owner's files: those with the given ids and those stored under a key prefix (a job's
 * artefacts); returns the storage keys to remove, the validated meshes beside models included.
 */
export async function deleteOwned(
  trx: Transaction<DB>,
  ownerId: string,
  which: { ids: readonly string[]; keyPrefix: string | null },
): Promise<string[]> {
  if (which.ids.length === 0 && !which.keyPrefix) return [];
  const rows = await trx
    .deleteFrom('media_files')
    .where('owner_user_id', '=', ownerId)
    .where((eb) => {
      const any = [];
      if (which.ids.length > 0) any.push(eb('id', 'in', [...which.ids]));
      if (which.keyPrefix)
        any.push(eb('storage_key', 'like', `${which.keyPrefix.replace(/[\\%_]/g, '\\$&')}%`));
      return eb.or(any);
    })
    .returning(['storage_key', 'validated_mesh'])
    .execute();
  return rows.flatMap((r) => {
    const mesh = (r.validated_mesh as { storage_key?: unknown } | null)?.storage_key;
    return typeof mesh === 'string' ? [r.storage_key, mesh] : [r.storage_key];
  });
}

/** Names and formats of the given files (a draft shows which file it came from). */
export function summaries(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('media_files')
    .select(['id', 'kind', 'format', 'original_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Every file a person owns, oldest first (the account export). */
export function allOf(q: Q, ownerId: string) {
  return q
    .selectFrom('media_files')
    .select([
      'id',
      'kind',
      'format',
      'content_type',
      'byte_size',
      'sha256',
      'original_name',
      'width',
      'height',
      'created_at',
    ])
    .where('owner_user_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes every file record of a person; returns where their bytes are stored. */
export function deleteAllOf(trx: Transaction<DB>, ownerId: string) {
  return trx
    .deleteFrom('media_files')
    .where('owner_user_id', '=', ownerId)
    .returning(['storage_key', 'validated_mesh'])
    .execute();
}
