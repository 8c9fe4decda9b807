/**
 * Caps and invitations (staff): a listing's invitation and pre-order caps, held by the database, and
 * the invitation of one eligible reservation to a no-capture pre-order (its expected price, an
 * expiry, an in-app notice and an email).
 */
import {
  type InvitePreorderRequest,
  PREORDER_DEFAULT_CAPS,
  PREORDER_INVITE_DEFAULT_DAYS,
  type PreorderCaps,
  type PreorderCapsRequest,
  type PreorderInvitation,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import { AppError, isAppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import {
  DAY,
  money,
  type PreordersContext,
  type ReservationRow,
  requireTerms,
  toCaps,
  userActor,
  type Viewer,
} from './context';
import { preorderInvitationEmail } from './emails';
import * as repo from './repo';

/** A listing's caps and what is taken; the defaults until staff set them or the first invitation. */
export async function caps(ctx: PreordersContext, staff: Viewer, listingId: string): Promise<PreorderCaps> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
  await ctx.listings().existing(staff, listingId);
  const row = await repo.caps(ctx.db, listingId);
  return row ? toCaps(row) : { listing_id: listingId, ...PREORDER_DEFAULT_CAPS, invited: 0, preordered: 0 };
}

export async function setCaps(
  ctx: PreordersContext,
  staff: Viewer,
  listingId: string,
  body: PreorderCapsRequest,
): Promise<PreorderCaps> {
  await ctx.controls.requireCapability('preorder_invites');
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
  return auditedTransaction(ctx, async (trx, audit) => {
    await ctx.listings().lockLive(trx, listingId);
    const now = ctx.clock.now();
    await repo.ensureCaps(trx, listingId, PREORDER_DEFAULT_CAPS, now);
    const before = await repo.caps(trx, listingId);
    const row = await repo.setCaps(trx, listingId, body, now);
    if (!row)
      throw new AppError(
        'INVALID_STATE',
        'A cap cannot be set below what is already invited or pre-ordered.',
        {
          invited: before?.invited,
          preordered: before?.preordered,
        },
      );
    await audit({
      actor: userActor(staff.id),
      action: 'preorder_caps.set',
      resourceType: 'listing',
      resourceId: listingId,
      details: {
        from: before ? { invitation_cap: before.invitation_cap, preorder_cap: before.preorder_cap } : null,
        to: body,
      },
    });
    return toCaps(row);
  });
}

/**
 * The listing (locked first, as every reservation change does) and the reservation (locked), once
 * every invitation check has passed: an active, signed-in, not yet invited UK reservation of a
 * public listing with an allowed use and the designer's terms in force.
 */
async function lockInvitable(ctx: PreordersContext, trx: Transaction<DB>, found: ReservationRow) {
  let listing: Awaited<ReturnType<ReturnType<PreordersContext['listings']>['forReservation']>>;
  try {
    listing = await ctx.listings().forReservation(trx, found.listing_id);
  } catch (err) {
    if (isAppError(err) && err.code === 'NOT_FOUND')
      throw new AppError('INVALID_STATE', 'The listing is not public and approved.', {
        reason: 'listing_not_public',
      });
    throw err;
  }
  const r = await ctx.interest().preorders.lock(trx, found.id);
  if (!r) throw new AppError('NOT_FOUND');
  if (r.status !== 'active')
    throw new AppError('INVALID_STATE', 'This reservation was cancelled.', {
      reason: 'reservation_cancelled',
    });
  if (!r.user_id)
    throw new AppError('INVALID_STATE', 'Only a signed-in person’s reservation can be invited.', {
      reason: 'visitor_reservation',
    });
  if (r.conversion_invite_state !== 'not_invited')
    throw new AppError('ALREADY_INVITED', undefined, {
      conversion_invite_state: r.conversion_invite_state,
    });
  if (r.jurisdiction !== 'GB') throw new AppError('OUTSIDE_UK', undefined, { jurisdiction: r.jurisdiction });
  for (const use of [r.intended_use, listing.use_case]) {
    const gate = checkUseCase(use);
    if (!gate.allowed) throw new AppError('USE_CASE_BLOCKED', gate.reason ?? undefined, { use_case: use });
  }
  await requireTerms(trx, listing.id);
  return { listing, r, buyer: r.user_id };
}

export async function invite(
  ctx: PreordersContext,
  staff: Viewer,
  reservationId: string,
  body: InvitePreorderRequest,
): Promise<PreorderInvitation> {
  await ctx.controls.requireCapability('preorder_invites');
  await ctx.controls.requireFlag('phaseA5Preorders');
  const found = await ctx.interest().preorders.find(reservationId);
  if (!found) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + (body.expires_in_days ?? PREORDER_INVITE_DEFAULT_DAYS) * DAY);
  const result = await auditedTransaction(ctx, async (trx, audit) => {
    const { listing, r, buyer } = await lockInvitable(ctx, trx, found);
    await repo.ensureCaps(trx, listing.id, PREORDER_DEFAULT_CAPS, now);
    const caps = await repo.takeInvitation(trx, listing.id, now);
    if (!caps)
      throw new AppError('CAP_REACHED', 'This design has no invitation places left.', {
        cap: 'invitation',
      });
    const price = {
      amount_minor: body.expected_price.amount_minor,
      currency: body.expected_price.currency,
      kind: 'expected',
    };
    const invited = await ctx.interest().preorders.markInvited(trx, r.id, {
      at: now,
      expiresAt,
      by: staff.id,
      price,
    });
    if (!invited) throw new AppError('CONFLICT');
    await ctx.notifications.notify(trx, buyer, {
      kind: 'preorder_invited',
      title: `You are invited to pre-order “${listing.title}”`,
      body: 'No money is taken now: your card is checked and saved. Open your reservation to continue.',
      link: `/account/reservations`,
    });
    await audit({
      actor: userActor(staff.id),
      action: 'preorder.invited',
      resourceType: 'interest_reservation',
      resourceId: r.id,
      details: {
        listing_id: listing.id,
        buyer_user_id: buyer,
        expected_price: price,
        expires_at: expiresAt.toISOString(),
      },
    });
    return { r: invited, caps, listing, buyer };
  });
  await tellBuyer(ctx, result.buyer, result.listing.title, expiresAt);
  return {
    reservation_id: result.r.id,
    listing_id: result.listing.id,
    conversion_invite_state: result.r.conversion_invite_state,
    invited_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    expected_price: money(body.expected_price.amount_minor),
    caps: toCaps(result.caps),
  };
}

/** The invitation email; the invitation stands without it (the in-app notice is there). */
async function tellBuyer(ctx: PreordersContext, userId: string, listingTitle: string, expiresAt: Date) {
  try {
    const contact = await ctx.contact(userId);
    if (!contact) return;
    await ctx.email.send(
      preorderInvitationEmail({
        to: contact.email,
        name: contact.display_name,
        listingTitle,
        expiresAt,
        frontendUrl: ctx.frontendUrl,
      }),
    );
  } catch (err) {
    // The invitation stands and the in-app notice is there; the failed email is logged.
    ctx.logger.error({ err, stage: 'email' }, 'pre-order invitation email could not be sent');
  }
}
