/** SQL for interest reservations. One active reservation per person (or visitor session) per listing. */
import type { ReserverTrust } from '@kitwright/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, InterestReservationsTable } from '../../db/schema';
import { type Owner, ownerColumn } from '../../platform/owner-column';
import { olderThan } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;

export type ReservationRow = Selectable<InterestReservationsTable>;

/**
 * Serialises the reservation changes of one person or visitor session (transaction-scoped), so a
 * sign-in that moves a visitor's reservations and a reservation made at the same moment cannot
 * meet on the one-active-reservation-per-person index.
 */
export async function lockReserver(trx: Transaction<DB>, owner: Owner) {
  const key = owner.userId ? `interest:user:${owner.userId}` : `interest:visitor:${owner.visitorId}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export async function activeId(q: Q, owner: Owner, listingId: string): Promise<string | null> {
  const { column, value } = ownerColumn(owner);
  const row = await q
    .selectFrom('interest_reservations')
    .select('id')
    .where('listing_id', '=', listingId)
    .where(column, '=', value)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function lockActive(trx: Transaction<DB>, owner: Owner, listingId: string) {
  const { column, value } = ownerColumn(owner);
  return trx
    .selectFrom('interest_reservations')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where(column, '=', value)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

export interface ReservationTerms {
  quantity: number;
  jurisdiction: string;
  intendedUse: 'free_standing' | 'decorative';
  acknowledgementVersion: string;
  source: Record<string, unknown>;
  at: Date;
}

export function refresh(trx: Transaction<DB>, id: string, terms: ReservationTerms, trust: ReserverTrust) {
  return trx
    .updateTable('interest_reservations')
    .set({
      reserver_trust: trust,
      quantity: terms.quantity,
      jurisdiction: terms.jurisdiction,
      intended_use: terms.intendedUse,
      acknowledgement_version: terms.acknowledgementVersion,
      acknowledged_at: terms.at,
      source: JSON.stringify(terms.source),
      refreshed_at: terms.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts an active reservation unless the owner got one meanwhile (then undefined). */
export function insertIfNoneActive(
  trx: Transaction<DB>,
  reservation: {
    id: string;
    listingId: string;
    designOwnerId: string;
    owner: Owner;
    trust: ReserverTrust;
    networkFingerprint: string;
  } & ReservationTerms,
) {
  const { column, value } = ownerColumn(reservation.owner);
  return trx
    .insertInto('interest_reservations')
    .values({
      id: reservation.id,
      listing_id: reservation.listingId,
      design_owner_id: reservation.designOwnerId,
      [column]: value,
      acknowledgement_version: reservation.acknowledgementVersion,
      acknowledged_at: reservation.at,
      jurisdiction: reservation.jurisdiction,
      intended_use: reservation.intendedUse,
      quantity: reservation.quantity,
      source: JSON.stringify(reservation.source),
      price_snapshot: null,
      created_at: reservation.at,
      refreshed_at: reservation.at,
      reserver_trust: reservation.trust,
      network_fingerprint: reservation.networkFingerprint,
    })
    .onConflict((oc) =>
      oc
        .columns(['listing_id', column])
        .where('status', '=', 'active')
        .where(column, 'is not', null)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The listing a person's reservation is for (not locked: the caller locks the listing first). */
export async function listingOfOwned(q: Q, owner: Owner, id: string): Promise<string | null> {
  const { column, value } = ownerColumn(owner);
  const row = await q
    .selectFrom('interest_reservations')
    .select('listing_id')
    .where('id', '=', id)
    .where(column, '=', value)
    .executeTakeFirst();
  return row?.listing_id ?? null;
}

/** The listings a person or visitor session holds active reservations for (not locked). */
export async function activeListingIds(q: Q, owner: Owner): Promise<string[]> {
  const { column, value } = ownerColumn(owner);
  const rows = await q
    .selectFrom('interest_reservations')
    .select('listing_id')
    .where(column, '=', value)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.listing_id);
}

export function lockOwned(trx: Transaction<DB>, owner: Owner, id: string) {
  const { column, value } = ownerColumn(owner);
  return trx
    .selectFrom('interest_reservations')
    .selectAll()
    .where('id', '=', id)
    .where(column, '=', value)
    .forUpdate()
    .executeTakeFirst();
}

export function markCancelled(trx: Transaction<DB>, id: string, reason: string | null, at: Date) {
  return trx
    .updateTable('interest_reservations')
    .set({ status: 'cancelled', cancellation_reason: reason, cancelled_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One page of an owner's reservations, newest first, after the cursor's (created_at, id). */
export function page(q: Q, owner: Owner, after: { at: Date; id: string } | null, limit: number) {
  const { column, value } = ownerColumn(owner);
  let query = q.selectFrom('interest_reservations').selectAll().where(column, '=', value);
  if (after) {
    query = query.where(olderThan('created_at', 'id', after));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A listing's active reservations, locked (its deletion cancels them). */
export function lockActiveForListing(trx: Transaction<DB>, listingId: string) {
  return trx
    .selectFrom('interest_reservations')
    .select(['id', 'listing_id', 'user_id', 'quantity', 'reserver_trust', 'network_fingerprint'])
    .where('listing_id', '=', listingId)
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The signed-in people holding an active reservation of a listing. */
export async function activeHolders(q: Q, listingId: string): Promise<string[]> {
  const rows = await q
    .selectFrom('interest_reservations')
    .select('user_id')
    .distinct()
    .where('listing_id', '=', listingId)
    .where('status', '=', 'active')
    .where('user_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
}

/** A visitor's active reservations, locked, for the sign-in that claims them. */
export function lockVisitorActive(trx: Transaction<DB>, visitorId: string) {
  return trx
    .selectFrom('interest_reservations')
    .select(['id', 'listing_id', 'design_owner_id', 'quantity', 'reserver_trust', 'network_fingerprint'])
    .where('visitor_id', '=', visitorId)
    .where('status', '=', 'active')
    .forUpdate()
    .execute();
}

/**
 * Gives a visitor session's reservations to the user who claimed it; they become an account's
 * ('account' tier). Returns the listings of the active ones moved, one entry per reservation.
 */
export async function moveVisitorReservations(
  trx: Transaction<DB>,
  visitorId: string,
  userId: string,
): Promise<string[]> {
  const moved = await trx
    .updateTable('interest_reservations')
    .set({ user_id: userId, visitor_id: null, reserver_trust: 'account' })
    .where('visitor_id', '=', visitorId)
    .returning(['listing_id', 'status'])
    .execute();
  return moved.filter((r) => r.status === 'active').map((r) => r.listing_id);
}

/**
 * Moves the count of active reservations from one network on one listing by `by`; returns the
 * new count (1 after the first, 0 after the last: the listing's household count moves then).
 */
export async function moveNetwork(
  trx: Transaction<DB>,
  listingId: string,
  fingerprint: string,
  by: 1 | -1,
): Promise<number> {
  const row = await sql<{ active: number }>`
    INSERT INTO interest_networks (listing_id, network_fingerprint, active)
    VALUES (${listingId}, ${fingerprint}, ${Math.max(by, 0)})
    ON CONFLICT (listing_id, network_fingerprint)
      DO UPDATE SET active = greatest(interest_networks.active + ${by}, 0)
    RETURNING active`.execute(trx);
  return row.rows[0]?.active ?? 0;
}

/** Marks a reservation as one of a run from one network, for staff to review. */
export async function flagForReview(trx: Transaction<DB>, id: string, flag: 'burst') {
  return trx
    .updateTable('interest_reservations')
    .set({ review_flag: flag })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every reservation a person holds, newest first (the account export). */
export function allOf(q: Q, userId: string) {
  return q
    .selectFrom('interest_reservations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A person's active reservations, locked, for their account's erasure. */
export function lockActiveOf(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('interest_reservations')
    .select(['id', 'listing_id', 'quantity', 'reserver_trust', 'network_fingerprint'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .forUpdate()
    .execute();
}

export async function deleteAllOf(trx: Transaction<DB>, userId: string): Promise<number> {
  const rows = await trx
    .deleteFrom('interest_reservations')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length;
}

/** Other people's active reservations on these listings, locked, before the listings are deleted. */
export function lockActiveOn(trx: Transaction<DB>, listingIds: readonly string[]) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('interest_reservations')
    .select(['id', 'listing_id', 'user_id', 'quantity'])
    .where('listing_id', 'in', [...listingIds])
    .where('status', '=', 'active')
    .forUpdate()
    .execute();
}

export async function deleteOn(trx: Transaction<DB>, listingIds: readonly string[]) {
  if (listingIds.length === 0) return;
  await trx
    .deleteFrom('interest_reservations')
    .where('listing_id', 'in', [...listingIds])
    .execute();
}

/** A reservation by id, whoever holds it (read; the pre-order invitation locks it next). */
export function findById(q: Q, id: string) {
  return q.selectFrom('interest_reservations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A reservation by id, locked, whoever holds it. */
export function lockById(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('interest_reservations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the A.5 pre-order invitation on an active, not yet invited reservation (else undefined). */
export function markInvited(
  trx: Transaction<DB>,
  id: string,
  invite: { at: Date; expiresAt: Date; by: string; price: Record<string, unknown> },
) {
  return trx
    .updateTable('interest_reservations')
    .set({
      conversion_invite_state: 'invited',
      invited_at: invite.at,
      invite_expires_at: invite.expiresAt,
      invited_by: invite.by,
      price_snapshot: JSON.stringify(invite.price),
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('conversion_invite_state', '=', 'not_invited')
    .returningAll()
    .executeTakeFirst();
}

/** Moves an invited reservation's conversion state (converted by a pre-order, declined by its cancellation). */
export function setConversionState(
  trx: Transaction<DB>,
  id: string,
  from: 'invited' | 'converted',
  to: 'converted' | 'declined',
) {
  return trx
    .updateTable('interest_reservations')
    .set({ conversion_invite_state: to })
    .where('id', '=', id)
    .where('conversion_invite_state', '=', from)
    .returning('id')
    .executeTakeFirst();
}
