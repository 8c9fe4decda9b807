/**
 * Non-binding interest reservations, Phase A's demand test. A signed-in person or a visitor with
 * an anonymous session registers interest in a public listing after accepting the disclaimer;
 * nothing is bought and no payment details are asked for. One active reservation per person per
 * listing (a unique index guarantees it under any concurrency); the listing's interest summary
 * moves in the same transaction, so it always equals the rows. Create and cancel are audited.
 */
import {
  isUseCase,
  JURISDICTIONS,
  RESERVATION_DISCLAIMER_VERSION,
  type Reservation,
  type ReservationRequest,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, InterestReservationsTable } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type Actor, appendAudit, auditedTransaction, SYSTEM } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ListingRow } from '../listings/service';
import { mediaUrl } from '../media/service';
import type { NotificationsService } from '../notifications/service';
import { type Owner, ownerColumn } from '../saves/service';
import { localiseListing } from '../translations/service';

type ReservationRow = Selectable<InterestReservationsTable>;

export const RESERVED_MESSAGE =
  'Your interest is registered. It is not a purchase: it tells us which designs people want built. You can cancel it at any time.';

function actorOf(owner: Owner): Actor {
  return owner.userId ? { type: 'user', id: owner.userId } : { type: 'anonymous', id: owner.visitorId };
}

export const CLAIM_REASONS = {
  merged: 'Merged with your existing reservation when you signed in.',
  ownListing:
    'Cancelled when you signed in: this design is yours, and interest reservations are for other people’s designs.',
} as const;

/**
 * Serialises the reservation changes of one person or visitor session (transaction-scoped), so
 * a sign-in that moves a visitor's reservations and a reservation made at the same moment cannot
 * meet on the one-active-reservation-per-person index.
 */
async function lockReserver(trx: Transaction<DB>, owner: Owner) {
  const key = owner.userId ? `interest:user:${owner.userId}` : `interest:visitor:${owner.visitorId}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export function createInterestService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  notifications: NotificationsService;
}) {
  const { db, clock } = deps;

  /** Reservations with their listing's card, its title in `locale` (requested → English → source). */
  async function toReservations(
    rows: ReservationRow[],
    locale: string | null = null,
  ): Promise<Reservation[]> {
    if (rows.length === 0) return [];
    const listings = await db
      .selectFrom('listings as l')
      .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
      .innerJoin('users as u', 'u.id', 'l.owner_user_id')
      .select([
        'l.id',
        'l.slug',
        'l.title',
        'd.description',
        'l.tags',
        'l.source_language',
        'd.i18n',
        'l.preview_png_file_id',
        'l.preview_file_id',
        'u.id as owner_id',
        'u.username',
        'u.display_name',
      ])
      .where('l.id', 'in', [...new Set(rows.map((r) => r.listing_id))])
      .execute();
    const byId = new Map(listings.map((l) => [l.id, l]));
    return rows.map((r) => {
      const l = byId.get(r.listing_id);
      return {
        id: r.id,
        listing: {
          id: r.listing_id,
          slug: l?.slug ?? '',
          title: l ? localiseListing(l, locale).title : '',
          preview_url: mediaUrl(l?.preview_png_file_id ?? l?.preview_file_id ?? r.listing_id),
          designer: {
            id: l?.owner_id ?? r.design_owner_id,
            username: l?.username ?? '',
            display_name: l?.display_name ?? '',
          },
        },
        design_owner_id: r.design_owner_id,
        status: r.status,
        quantity: r.quantity,
        jurisdiction: r.jurisdiction,
        intended_use: r.intended_use,
        acknowledgement_version: r.acknowledgement_version,
        conversion_invite_state: r.conversion_invite_state,
        source: r.source,
        cancellation_reason: r.cancellation_reason,
        created_at: r.created_at.toISOString(),
        refreshed_at: r.refreshed_at.toISOString(),
        cancelled_at: r.cancelled_at?.toISOString() ?? null,
      };
    });
  }

  async function adjustSummary(
    trx: Transaction<DB>,
    listingId: string,
    reservations: number,
    quantity: number,
  ) {
    if (reservations === 0 && quantity === 0) return;
    await trx
      .updateTable('listings')
      .set({
        reservation_count: sql`reservation_count + ${reservations}`,
        reservation_quantity: sql`reservation_quantity + ${quantity}`,
      })
      .where('id', '=', listingId)
      .execute();
  }

  const service = {
    toReservations,

    /** Whether reservations can be made now, and if not, why (flag or phase). */
    async open(): Promise<{ open: boolean; reason: string | null }> {
      const { phase, flags } = await deps.controls.snapshot();
      if (!flags.interestReservations)
        return { open: false, reason: 'Registering interest is paused right now.' };
      if (phase === 'B') return { open: false, reason: 'Interest reservations have closed.' };
      return { open: true, reason: null };
    },

    async activeFor(owner: Owner, listingId: string): Promise<string | null> {
      if (!owner.userId && !owner.visitorId) return null;
      const { column, value } = ownerColumn(owner);
      const row = await db
        .selectFrom('interest_reservations')
        .select('id')
        .where('listing_id', '=', listingId)
        .where(column, '=', value)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async reserve(
      owner: Owner,
      listing: ListingRow,
      body: ReservationRequest,
      correlationId: string,
      locale: string | null = null,
    ) {
      await deps.controls.requireCapability('interest_reservations');
      await deps.controls.requireFlag('interestReservations');
      if (listing.moderation_state !== 'approved' || listing.visibility === 'private')
        throw new AppError('NOT_FOUND');
      if (owner.userId === listing.owner_user_id) throw new AppError('OWN_LISTING');
      if (body.acknowledgement.version !== RESERVATION_DISCLAIMER_VERSION) {
        throw new AppError('GATE_NOT_MET', 'Read and accept the current non-binding interest notice.', {
          gate: 'acknowledgement',
          current_version: RESERVATION_DISCLAIMER_VERSION,
        });
      }
      if (!isUseCase(body.intended_use)) {
        throw new AppError('VALIDATION_FAILED', 'Choose how you intend to use the kit.', {
          fields: { intended_use: 'is not a known use' },
        });
      }
      const gate = checkUseCase(body.intended_use);
      if (!gate.allowed)
        throw new AppError('USE_CASE_BLOCKED', gate.reason ?? undefined, { use_case: body.intended_use });
      const jurisdiction = body.jurisdiction.toUpperCase();
      if (!(JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
        throw new AppError('VALIDATION_FAILED', 'Choose the country where you would use the kit.', {
          fields: { jurisdiction: 'is not a country code' },
        });
      }
      const { column, value } = ownerColumn(owner);
      const now = clock.now();
      const source = {
        surface: body.source?.surface ?? 'web',
        ...(body.source?.share_code ? { share_code: body.source.share_code } : {}),
        ...(body.source?.attribution ? { attribution: body.source.attribution } : {}),
      };
      const result = await auditedTransaction(
        { db, clock, alerts: deps.alerts },
        correlationId,
        async (trx, audit) => {
          await lockReserver(trx, owner);
          for (let attempt = 0; attempt < 3; attempt++) {
            const existing = await trx
              .selectFrom('interest_reservations')
              .selectAll()
              .where('listing_id', '=', listing.id)
              .where(column, '=', value)
              .where('status', '=', 'active')
              .forUpdate()
              .executeTakeFirst();
            if (existing) {
              const row = await trx
                .updateTable('interest_reservations')
                .set({
                  quantity: body.quantity,
                  jurisdiction,
                  intended_use: body.intended_use as 'free_standing' | 'decorative',
                  acknowledgement_version: body.acknowledgement.version,
                  acknowledged_at: now,
                  source: JSON.stringify(source),
                  refreshed_at: now,
                })
                .where('id', '=', existing.id)
                .returningAll()
                .executeTakeFirstOrThrow();
              await adjustSummary(trx, listing.id, 0, body.quantity - existing.quantity);
              await audit({
                actor: actorOf(owner),
                action: 'interest.refreshed',
                resourceType: 'interest_reservation',
                resourceId: row.id,
                details: { listing_id: listing.id, quantity: row.quantity },
              });
              return { row, refreshed: true };
            }
            const inserted = await trx
              .insertInto('interest_reservations')
              .values({
                id: newId(),
                listing_id: listing.id,
                design_owner_id: listing.owner_user_id,
                [column]: value,
                acknowledgement_version: body.acknowledgement.version,
                acknowledged_at: now,
                jurisdiction,
                intended_use: body.intended_use as 'free_standing' | 'decorative',
                quantity: body.quantity,
                source: JSON.stringify(source),
                price_snapshot: null,
                created_at: now,
                refreshed_at: now,
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
            // Another request for the same person got there first: refresh theirs instead.
            if (!inserted) continue;
            await adjustSummary(trx, listing.id, 1, inserted.quantity);
            await audit({
              actor: actorOf(owner),
              action: 'interest.reserved',
              resourceType: 'interest_reservation',
              resourceId: inserted.id,
              details: { listing_id: listing.id, quantity: inserted.quantity, jurisdiction },
            });
            await deps.notifications.notify(trx, listing.owner_user_id, {
              kind: 'interest_received',
              title: 'Someone is interested in your design',
              body: `A visitor registered non-binding interest in "${listing.title}".`,
              link: `/listing/${listing.slug}`,
            });
            return { row: inserted, refreshed: false };
          }
          throw new AppError('CONFLICT', 'Your reservation changed at the same moment. Try again.');
        },
      );
      const [reservation] = await toReservations([result.row], locale);
      return {
        reservation: reservation as Reservation,
        refreshed: result.refreshed,
        message: RESERVED_MESSAGE,
      };
    },

    async cancel(
      owner: Owner,
      reservationId: string,
      reason: string | null,
      correlationId: string,
      locale: string | null = null,
    ): Promise<Reservation> {
      if (!isUuid(reservationId) || (!owner.userId && !owner.visitorId)) throw new AppError('NOT_FOUND');
      const { column, value } = ownerColumn(owner);
      const row = await auditedTransaction(
        { db, clock, alerts: deps.alerts },
        correlationId,
        async (trx, audit) => {
          const current = await trx
            .selectFrom('interest_reservations')
            .selectAll()
            .where('id', '=', reservationId)
            .where(column, '=', value)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw new AppError('NOT_FOUND');
          if (current.status !== 'active')
            throw new AppError('INVALID_STATE', 'This reservation is already cancelled.');
          const updated = await trx
            .updateTable('interest_reservations')
            .set({
              status: 'cancelled',
              cancellation_reason: reason?.trim() || null,
              cancelled_at: clock.now(),
            })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await adjustSummary(trx, current.listing_id, -1, -current.quantity);
          await audit({
            actor: actorOf(owner),
            action: 'interest.cancelled',
            resourceType: 'interest_reservation',
            resourceId: current.id,
            details: { listing_id: current.listing_id, reason: updated.cancellation_reason },
          });
          return updated;
        },
      );
      return (await toReservations([row], locale))[0] as Reservation;
    },

    async list(
      owner: Owner,
      limit: number,
      cursor: string | null,
      locale: string | null = null,
    ): Promise<{ items: Reservation[]; next_cursor: string | null }> {
      if (!owner.userId && !owner.visitorId) return { items: [], next_cursor: null };
      const { column, value } = ownerColumn(owner);
      let q = db.selectFrom('interest_reservations').selectAll().where(column, '=', value);
      if (cursor) {
        const { at, id } = readTimeCursor(cursor);
        q = q.where((eb) =>
          eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
        );
      }
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
      return {
        items: await toReservations(page, locale),
        next_cursor,
      };
    },

    /**
     * On sign-in the visitor's reservations become the user's. A listing the user already holds
     * an active reservation for keeps the user's (the visitor's is cancelled as merged), and a
     * reservation on the user's own design is cancelled, because reserving one's own design is
     * refused. Both people's reservation changes are locked first, so nothing made meanwhile can
     * make the claim, and with it the sign-in, fail.
     */
    async claim(trx: Transaction<DB>, visitorId: string, userId: string) {
      await lockReserver(trx, { userId, visitorId: null });
      await lockReserver(trx, { userId: null, visitorId });
      const active = await trx
        .selectFrom('interest_reservations as r')
        .innerJoin('listings as l', 'l.id', 'r.listing_id')
        .select(['r.id', 'r.listing_id', 'r.quantity', 'l.owner_user_id'])
        .where('r.visitor_id', '=', visitorId)
        .where('r.status', '=', 'active')
        .forUpdate('r')
        .execute();
      const now = clock.now();
      for (const r of active) {
        const own = r.owner_user_id === userId;
        const kept = own
          ? undefined
          : await trx
              .selectFrom('interest_reservations')
              .select('id')
              .where('listing_id', '=', r.listing_id)
              .where('user_id', '=', userId)
              .where('status', '=', 'active')
              .executeTakeFirst();
        if (!own && !kept) continue;
        const reason = own ? CLAIM_REASONS.ownListing : CLAIM_REASONS.merged;
        await trx
          .updateTable('interest_reservations')
          .set({ status: 'cancelled', cancelled_at: now, cancellation_reason: reason })
          .where('id', '=', r.id)
          .execute();
        await adjustSummary(trx, r.listing_id, -1, -r.quantity);
        await appendAudit(
          trx,
          {
            actor: SYSTEM,
            action: 'interest.cancelled',
            resourceType: 'interest_reservation',
            resourceId: r.id,
            details: {
              listing_id: r.listing_id,
              reason: own ? 'own_listing_on_sign_in' : 'merged_on_sign_in',
              ...(kept ? { kept_reservation_id: kept.id } : {}),
            },
          },
          clock,
        );
      }
      await trx
        .updateTable('interest_reservations')
        .set({ user_id: userId, visitor_id: null })
        .where('visitor_id', '=', visitorId)
        .execute();
    },
  };
  return service;
}

export type InterestService = ReturnType<typeof createInterestService>;
