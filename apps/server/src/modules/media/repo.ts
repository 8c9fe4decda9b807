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

/** Names and formats of the given files (a draft shows which file it came from). */
export function summaries(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('media_files')
    .select(['id', 'format', 'original_name'])
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
