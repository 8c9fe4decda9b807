/**
 * What the pre-order flows share: their dependencies (the platform parts, the payments provider and
 * the narrow interfaces of the modules they use) and the checks every flow makes, as plain functions
 * of the context.
 */
import { DESIGNER_TERMS_VERSION, type Preorder, type PreorderCaps } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Actor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError, isAppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { JobEnqueuer } from '../../platform/jobs';
import type { ProductEvents } from '../../platform/product-events';
import type { SignedInUser } from '../../platform/viewer';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { PaymentsProvider } from '../../providers/payments/provider';
import type { InterestApi } from '../interest/face';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import * as repo from './repo';

export const MINUTE = 60_000;
export const DAY = 24 * 3600_000;

/** The reservations behind invitations and checkouts (modules/interest), as pre-orders use them. */
export interface PreorderInterest {
  preorders: Pick<InterestApi['preorders'], 'find' | 'lock' | 'markInvited' | 'setConversionState'>;
}

/** The listings pre-orders read and lock (modules/listings). */
export type PreorderListings = Pick<ListingsApi, 'existing' | 'lockLive' | 'forReservation'>;

export interface PreordersContext {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  events: ProductEvents;
  notifications: Pick<NotificationsApi, 'notify'>;
  email: EmailProvider;
  logger: Logger;
  contact(userId: string): Promise<{ email: string; display_name: string; locale: string } | null>;
  /** Made after pre-orders in compose.ts, so reached late. */
  interest: () => PreorderInterest;
  listings: () => PreorderListings;
  jobs: JobEnqueuer;
  payments: PaymentsProvider;
  frontendUrl: string;
}

/** What the payment webhook and its job use: the platform parts, the provider and its secret. */
export type WebhookContext = Pick<
  PreordersContext,
  'db' | 'clock' | 'alerts' | 'controls' | 'events' | 'logger' | 'payments' | 'jobs'
> & { webhookSecret: string };

export type Viewer = SignedInUser;
export type ReservationRow = NonNullable<Awaited<ReturnType<PreorderInterest['preorders']['find']>>>;

export const userActor = (id: string): Actor => ({ type: 'user', id });

export function money(amount: number) {
  return { amount_minor: amount, currency: 'GBP' as const };
}

/** A provider failure that is not already one of ours answers 503, never 500. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new AppError(
      'DEPENDENCY_UNAVAILABLE',
      'The payment provider is not reachable right now. Try again shortly.',
    );
  }
}

/** The buyer's steps that make new commitments: setup intents allowed and the A.5 flag on. */
export async function requireOpen(ctx: PreordersContext) {
  await ctx.controls.requireCapability('setup_intents');
  await ctx.controls.requireFlag('phaseA5Preorders');
}

/** The designer's own listing (another's is 404 if hidden, 403 if visible). */
export async function ownListing(ctx: PreordersContext, user: Viewer, listingId: string) {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
  const { row, visible } = await ctx.listings().existing(user, listingId);
  if (!visible) throw new AppError('NOT_FOUND');
  if (row.owner_user_id !== user.id)
    throw new AppError('FORBIDDEN', 'Only the designer of this listing can accept its commerce terms.');
  return row;
}

/** The designer terms in force for a listing at the current version, else GATE_NOT_MET. */
export async function requireTerms(q: Kysely<DB> | Transaction<DB>, listingId: string) {
  const terms = await repo.termsInForce(q, listingId);
  if (!terms || terms.version !== DESIGNER_TERMS_VERSION) {
    throw new AppError(
      'GATE_NOT_MET',
      'The designer has not accepted the current commerce terms for this design.',
      {
        gate: 'designer_terms',
        current_version: DESIGNER_TERMS_VERSION,
      },
    );
  }
}

/** The checks every buyer step makes of their reservation (after ownership). */
export function requireInvited(r: ReservationRow, now: Date) {
  if (r.status !== 'active')
    throw new AppError('INVALID_STATE', 'This reservation was cancelled.', {
      reason: 'reservation_cancelled',
    });
  if (r.conversion_invite_state === 'not_invited') throw new AppError('NOT_INVITED');
  if (r.conversion_invite_state === 'declined')
    throw new AppError('INVALID_STATE', 'This pre-order was cancelled.', { reason: 'preorder_cancelled' });
  if (r.jurisdiction !== 'GB') throw new AppError('OUTSIDE_UK', undefined, { jurisdiction: r.jurisdiction });
  if (r.conversion_invite_state === 'invited' && r.invite_expires_at && r.invite_expires_at <= now)
    throw new AppError('INVITATION_EXPIRED', undefined, { expired_at: r.invite_expires_at.toISOString() });
}

/** The buyer's own reservation; another person's is indistinguishable from none. */
export async function ownReservation(
  ctx: PreordersContext,
  user: Viewer,
  reservationId: string,
): Promise<ReservationRow> {
  const r = await ctx.interest().preorders.find(reservationId);
  if (!r || r.user_id !== user.id) throw new AppError('NOT_FOUND');
  return r;
}

/** The expected price recorded on an invited reservation. */
export function priceOf(r: ReservationRow): number {
  const amount = (r.price_snapshot as { amount_minor?: unknown } | null)?.amount_minor;
  return typeof amount === 'number' ? amount : 0;
}

export function toCaps(row: NonNullable<Awaited<ReturnType<typeof repo.caps>>>): PreorderCaps {
  return {
    listing_id: row.listing_id,
    invitation_cap: row.invitation_cap,
    invited: row.invited,
    preorder_cap: row.preorder_cap,
    preordered: row.preordered,
  };
}

export function toPreorder(p: repo.PreorderRow): Preorder {
  return {
    id: p.id,
    status: p.status,
    reservation_id: p.source_reservation_id,
    listing_id: p.listing_id,
    design_owner_id: p.design_owner_id,
    checkout_id: p.checkout_id,
    setup_intent_id: p.setup_intent_id,
    expected_price: money(p.expected_amount_minor),
    card: {
      brand: p.card_brand,
      last4: p.card_last4,
      exp_month: p.card_exp_month,
      exp_year: p.card_exp_year,
    },
    no_capture_acknowledgement: {
      version: p.acknowledgement_version,
      acknowledged_at: p.acknowledged_at.toISOString(),
    },
    payment_agreement: { version: p.agreement_version, text: p.agreement_text },
    gate_versions: p.gate_versions,
    created_at: p.created_at.toISOString(),
    cancelled_at: p.cancelled_at?.toISOString() ?? null,
    cancellation_reason: p.cancellation_reason,
    cancellation_note: p.cancellation_note,
  };
}
