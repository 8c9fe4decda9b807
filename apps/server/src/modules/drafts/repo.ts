/** SQL for design drafts: the owner's work in progress, its jobs, kit artefacts and publish state. */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DB, DesignDraftsTable } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export type DraftRow = Selectable<DesignDraftsTable>;

export function findDraft(q: Q, id: string) {
  return q.selectFrom('design_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The draft, its row locked until the transaction ends (a delete). */
export function lockDraft(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('design_drafts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteDraft(trx: Transaction<DB>, id: string) {
  await trx.deleteFrom('design_drafts').where('id', '=', id).execute();
}

/** Whether another draft of the owner is made from this upload (the same bytes are one file). */
export async function uploadUsedElsewhere(
  q: Q,
  ownerId: string,
  uploadId: string,
  draftId: string,
): Promise<boolean> {
  const row = await q
    .selectFrom('design_drafts')
    .select('id')
    .where('owner_user_id', '=', ownerId)
    .where('source_upload_id', '=', uploadId)
    .where('id', '<>', draftId)
    .executeTakeFirst();
  return Boolean(row);
}

export function insertDraft(q: Q, values: Insertable<DesignDraftsTable>) {
  return q.insertInto('design_drafts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDraft(q: Q, id: string, values: Updateable<DesignDraftsTable>) {
  return q
    .updateTable('design_drafts')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One page of an owner's drafts, most recently changed first, after the cursor's (updated_at, id). */
export function page(
  q: Q,
  ownerId: string,
  options: {
    publishState?: 'unpublished' | 'published';
    after: { at: Date; id: string } | null;
    limit: number;
  },
) {
  let query = q.selectFrom('design_drafts').selectAll().where('owner_user_id', '=', ownerId);
  if (options.publishState) query = query.where('publish_state', '=', options.publishState);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('updated_at', '<', after.at),
        eb.and([eb('updated_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/**
 * Marks an unpublished draft published; undefined when it is not (anymore). Its row lock makes a
 * concurrent publish of the same draft wait, and then find it published.
 */
export function claimForPublish(trx: Transaction<DB>, id: string, at: Date) {
  return trx
    .updateTable('design_drafts')
    .set({ publish_state: 'published', stage: 'published', updated_at: at })
    .where('id', '=', id)
    .where('publish_state', '=', 'unpublished')
    .returning('id')
    .executeTakeFirst();
}

export async function setListing(trx: Transaction<DB>, id: string, listingId: string) {
  await trx.updateTable('design_drafts').set({ listing_id: listingId }).where('id', '=', id).execute();
}

/**
 * Applies a job's outcome to the draft, but only while the draft still waits for that job (a newer
 * job supersedes an older one) and is not published.
 */
export async function applyJobOutcome(
  trx: Transaction<DB>,
  draftId: string,
  jobId: string,
  job: 'model' | 'model_or_block_kit',
  values: Updateable<DesignDraftsTable>,
) {
  await trx
    .updateTable('design_drafts')
    .set(values)
    .where('id', '=', draftId)
    .where((eb) =>
      job === 'model'
        ? eb('model_job_id', '=', jobId)
        : eb.or([eb('block_kit_job_id', '=', jobId), eb('model_job_id', '=', jobId)]),
    )
    .where('publish_state', '=', 'unpublished')
    .execute();
}

/** Every draft of an owner, oldest first (the account export). */
export function allOf(q: Q, ownerId: string) {
  return q
    .selectFrom('design_drafts')
    .selectAll()
    .where('owner_user_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Lets go of the owner's drafts' listings, so those listings can be deleted first. */
export async function unlinkListings(trx: Transaction<DB>, ownerId: string) {
  await trx
    .updateTable('design_drafts')
    .set({ listing_id: null })
    .where('owner_user_id', '=', ownerId)
    .where('listing_id', 'is not', null)
    .execute();
}

/** Deletes every draft of an owner; returns how many. */
export async function deleteAllOf(trx: Transaction<DB>, ownerId: string): Promise<number> {
  const rows = await trx
    .deleteFrom('design_drafts')
    .where('owner_user_id', '=', ownerId)
    .returning('id')
    .execute();
  return rows.length;
}

/** Upload drafts (mode A) made in [from, to) whose model check ended, and how many were invalid. */
export async function uploadValidationCounts(q: Q, from: Date, to: Date) {
  const row = await q
    .selectFrom('design_drafts')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('validation_state', '=', 'invalid').as('invalid'),
    ])
    .where('mode', '=', 'A')
    .where('source_upload_id', 'is not', null)
    .where('validation_state', 'in', ['valid', 'invalid'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), invalid: Number(row.invalid) };
}
