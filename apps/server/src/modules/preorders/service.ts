/**
 * Phase A.5 gated no-capture pre-orders (issue 16). Staff invite an eligible reservation; the
 * invited buyer gets one setup intent (card verified and saved, never charged); a fresh
 * acknowledgement and a setup intent the provider says succeeded make a confirmed pre-order; the
 * buyer may cancel it before Phase B. Caps are held by the database; every payment-state change
 * is audited and fails closed with the audit. There is no capture anywhere: the provider
 * interface has none.
 */
import {
  type CancelPreorderRequest,
  type Checkout,
  type ConfirmCheckoutRequest,
  type ConfirmCheckoutResponse,
  type CreateSetupIntentRequest,
  DESIGNER_TERMS_TEXT,
  DESIGNER_TERMS_VERSION,
  type DesignerTermsRequest,
  type DesignerTermsState,
  type InvitePreorderRequest,
  MIT_AGREEMENT_TEXT,
  MIT_AGREEMENT_VERSION,
  PHASE_GATES,
  PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES,
  PREORDER_DEFAULT_CAPS,
  PREORDER_INVITE_DEFAULT_DAYS,
  PREORDER_NO_CAPTURE_TERMS_TEXT,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
  PREORDER_PER_BUYER_LIMIT,
  PREORDER_PRODUCTION_WINDOW_DAYS,
  type Preorder,
  type PreorderCaps,
  type PreorderCapsRequest,
  type PreorderInvitation,
  type PreorderPage,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type Actor, type AuditWriter, auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError, isAppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import type { JobEnqueuer } from '../../platform/jobs';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ProductEvents } from '../../platform/product-events';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { PaymentsProvider, SetupIntentView } from '../../providers/payments/provider';
import type { InterestService } from '../interest/service';
import type { ListingsService } from '../listings/service';
import type { NotificationsService } from '../notifications/service';
import { preorderInvitationEmail } from './emails';
import * as repo from './repo';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/** Signal keys the "Checkout blocked" rule reads (confirmation failure rate over ten minutes). */
export const CONFIRM_ATTEMPT_SIGNAL = 'checkout_confirm_attempt';
export const CONFIRM_FAILURE_SIGNAL = 'checkout_confirm_failure';

type Viewer = { id: string; role: string };
type ReservationRow = NonNullable<Awaited<ReturnType<InterestService['preorders']['find']>>>;

export interface PreordersDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  events: ProductEvents;
  notifications: NotificationsService;
  email: EmailProvider;
  logger: Logger;
  contact(userId: string): Promise<{ email: string; display_name: string; locale: string } | null>;
  interest: () => InterestService;
  listings: () => ListingsService;
  jobs: JobEnqueuer;
  payments: PaymentsProvider;
  frontendUrl: string;
}

const userActor = (id: string): Actor => ({ type: 'user', id });

function money(amount: number) {
  return { amount_minor: amount, currency: 'GBP' as const };
}

function toCaps(row: NonNullable<Awaited<ReturnType<typeof repo.caps>>>): PreorderCaps {
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

/** A provider failure that is not already one of ours answers 503, never 500. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
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

/** The expected price recorded on an invited reservation. */
function priceOf(r: ReservationRow): number {
  const amount = (r.price_snapshot as { amount_minor?: unknown } | null)?.amount_minor;
  return typeof amount === 'number' ? amount : 0;
}

export function createPreordersService(deps: PreordersDeps) {
  const { db, clock } = deps;
  const provider = deps.payments;

  async function requireOpen() {
    await deps.controls.requireCapability('setup_intents');
    await deps.controls.requireFlag('phaseA5Preorders');
  }

  function termsState(
    listingId: string,
    row: Awaited<ReturnType<typeof repo.latestTerms>>,
  ): DesignerTermsState {
    return {
      listing_id: listingId,
      accepted: row !== undefined && row.withdrawn_at === null && row.version === DESIGNER_TERMS_VERSION,
      version: row?.version ?? null,
      accepted_at: row?.accepted_at.toISOString() ?? null,
      withdrawn_at: row?.withdrawn_at?.toISOString() ?? null,
      current_version: DESIGNER_TERMS_VERSION,
      current_text: DESIGNER_TERMS_TEXT,
    };
  }

  async function ownListing(user: Viewer, listingId: string) {
    if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
    const { row, visible } = await deps.listings().existing(user as never, listingId);
    if (!visible) throw new AppError('NOT_FOUND');
    if (row.owner_user_id !== user.id)
      throw new AppError('FORBIDDEN', 'Only the designer of this listing can accept its commerce terms.');
    return row;
  }

  /** The designer terms in force for a listing at the current version, else GATE_NOT_MET. */
  async function requireTerms(q: Kysely<DB> | Transaction<DB>, listingId: string) {
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
  function requireInvited(r: ReservationRow, now: Date) {
    if (r.status !== 'active')
      throw new AppError('INVALID_STATE', 'This reservation was cancelled.', {
        reason: 'reservation_cancelled',
      });
    if (r.conversion_invite_state === 'not_invited') throw new AppError('NOT_INVITED');
    if (r.conversion_invite_state === 'declined')
      throw new AppError('INVALID_STATE', 'This pre-order was cancelled.', { reason: 'preorder_cancelled' });
    if (r.jurisdiction !== 'GB')
      throw new AppError('OUTSIDE_UK', undefined, { jurisdiction: r.jurisdiction });
    if (r.conversion_invite_state === 'invited' && r.invite_expires_at && r.invite_expires_at <= now)
      throw new AppError('INVITATION_EXPIRED', undefined, { expired_at: r.invite_expires_at.toISOString() });
  }

  async function ownReservation(user: Viewer, reservationId: string): Promise<ReservationRow> {
    const r = await deps.interest().preorders.find(reservationId);
    // Another person's reservation is indistinguishable from none.
    if (!r || r.user_id !== user.id) throw new AppError('NOT_FOUND');
    return r;
  }

  async function gateVersions(): Promise<Record<string, string>> {
    const gates = await deps.controls.gates();
    const required = new Set<string>(PHASE_GATES['A.5']);
    return Object.fromEntries(
      gates.filter((g) => g.passed && required.has(g.gate)).map((g) => [g.gate, g.version]),
    );
  }

  function toCheckout(
    c: repo.CheckoutRow,
    intent: SetupIntentView,
    inviteExpiresAt: Date,
    reused: boolean,
  ): Checkout {
    return {
      checkout_id: c.id,
      preorder_id: c.preorder_id,
      reservation_id: c.reservation_id,
      listing_id: c.listing_id,
      setup_intent_id: c.setup_intent_id,
      status: intent.status,
      usage: 'off_session',
      expected_price: money(c.expected_amount_minor),
      card_collection: provider.cardCollection(intent),
      last_error: intent.last_error
        ? { code: intent.last_error.code, decline_code: intent.last_error.decline_code }
        : null,
      invite_expires_at: inviteExpiresAt.toISOString(),
      no_capture_terms: { version: PREORDER_NO_CAPTURE_TERMS_VERSION, text: PREORDER_NO_CAPTURE_TERMS_TEXT },
      payment_agreement: { version: MIT_AGREEMENT_VERSION, text: MIT_AGREEMENT_TEXT },
      reused,
    };
  }

  async function tellBuyer(userId: string, listingTitle: string, expiresAt: Date) {
    try {
      const contact = await deps.contact(userId);
      if (!contact) return;
      await deps.email.send(
        preorderInvitationEmail({
          to: contact.email,
          name: contact.display_name,
          listingTitle,
          expiresAt,
          frontendUrl: deps.frontendUrl,
        }),
      );
    } catch (err) {
      // The invitation stands and the in-app notice is there; the failed email is logged.
      deps.logger.error({ err, stage: 'email' }, 'pre-order invitation email could not be sent');
    }
  }

  return {
    // Designer commerce terms

    /** A listing's terms as its owner's listing page shows them. */
    async termsOf(listingId: string) {
      const { accepted, version, current_version } = termsState(
        listingId,
        await repo.latestTerms(db, listingId),
      );
      return { accepted, version, current_version };
    },

    async designerTerms(user: Viewer, listingId: string): Promise<DesignerTermsState> {
      const row = await ownListing(user, listingId);
      return termsState(row.id, await repo.latestTerms(db, row.id));
    },

    async acceptDesignerTerms(
      user: Viewer,
      listingId: string,
      body: DesignerTermsRequest,
    ): Promise<DesignerTermsState> {
      const listing = await ownListing(user, listingId);
      if (body.version !== DESIGNER_TERMS_VERSION) {
        throw new AppError('GATE_NOT_MET', 'Read and accept the current designer commerce terms.', {
          gate: 'designer_terms',
          current_version: DESIGNER_TERMS_VERSION,
        });
      }
      const row = await auditedTransaction(deps, async (trx, audit) => {
        await deps.listings().lockLive(trx, listing.id);
        const current = await repo.termsInForce(trx, listing.id);
        if (current?.version === DESIGNER_TERMS_VERSION) return current;
        const now = clock.now();
        if (current) await repo.withdrawTerms(trx, listing.id, now);
        const inserted = await repo.insertTerms(trx, {
          id: newId(),
          listingId: listing.id,
          designerId: user.id,
          version: body.version,
          at: now,
        });
        await audit({
          actor: userActor(user.id),
          action: 'designer_terms.accepted',
          resourceType: 'listing',
          resourceId: listing.id,
          details: { version: body.version, replaced_version: current?.version ?? null },
        });
        return inserted;
      });
      return termsState(listing.id, row);
    },

    /**
     * Withdraws the listing's designer terms (before Phase B). No new invitation, setup intent or
     * confirmation is made for the listing afterwards; confirmed pre-orders stay as they are (the
     * buyer may still cancel them) and are decided by Phase B's own gates.
     */
    async withdrawDesignerTerms(user: Viewer, listingId: string): Promise<DesignerTermsState> {
      const listing = await ownListing(user, listingId);
      if ((await deps.controls.phase()) === 'B')
        throw new AppError('INVALID_STATE', 'Designer terms cannot be withdrawn once Phase B has started.');
      const row = await auditedTransaction(deps, async (trx, audit) => {
        await deps.listings().lockLive(trx, listing.id);
        const withdrawn = await repo.withdrawTerms(trx, listing.id, clock.now());
        if (withdrawn)
          await audit({
            actor: userActor(user.id),
            action: 'designer_terms.withdrawn',
            resourceType: 'listing',
            resourceId: listing.id,
            details: { version: withdrawn.version },
          });
        return withdrawn ?? (await repo.latestTerms(trx, listing.id));
      });
      return termsState(listing.id, row);
    },

    // Caps and invitations (staff)

    /** A listing's caps and what is taken; the defaults until staff set them or the first invitation. */
    async caps(staff: Viewer, listingId: string): Promise<PreorderCaps> {
      if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
      await deps.listings().existing(staff as never, listingId);
      const row = await repo.caps(db, listingId);
      return row
        ? toCaps(row)
        : { listing_id: listingId, ...PREORDER_DEFAULT_CAPS, invited: 0, preordered: 0 };
    },

    async setCaps(staff: Viewer, listingId: string, body: PreorderCapsRequest): Promise<PreorderCaps> {
      await deps.controls.requireCapability('preorder_invites');
      if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
      return auditedTransaction(deps, async (trx, audit) => {
        await deps.listings().lockLive(trx, listingId);
        const now = clock.now();
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
            from: before
              ? { invitation_cap: before.invitation_cap, preorder_cap: before.preorder_cap }
              : null,
            to: body,
          },
        });
        return toCaps(row);
      });
    },

    async invite(
      staff: Viewer,
      reservationId: string,
      body: InvitePreorderRequest,
    ): Promise<PreorderInvitation> {
      await deps.controls.requireCapability('preorder_invites');
      await deps.controls.requireFlag('phaseA5Preorders');
      const found = await deps.interest().preorders.find(reservationId);
      if (!found) throw new AppError('NOT_FOUND');
      const now = clock.now();
      const expiresAt = new Date(
        now.getTime() + (body.expires_in_days ?? PREORDER_INVITE_DEFAULT_DAYS) * DAY,
      );
      const result = await auditedTransaction(deps, async (trx, audit) => {
        // The listing is locked before its reservation rows, as every reservation change does.
        let listing: Awaited<ReturnType<ListingsService['forReservation']>>;
        try {
          listing = await deps.listings().forReservation(trx, found.listing_id);
        } catch (err) {
          if (isAppError(err) && err.code === 'NOT_FOUND')
            throw new AppError('INVALID_STATE', 'The listing is not public and approved.', {
              reason: 'listing_not_public',
            });
          throw err;
        }
        const r = await deps.interest().preorders.lock(trx, found.id);
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
        if (r.jurisdiction !== 'GB')
          throw new AppError('OUTSIDE_UK', undefined, { jurisdiction: r.jurisdiction });
        for (const use of [r.intended_use, listing.use_case]) {
          const gate = checkUseCase(use);
          if (!gate.allowed)
            throw new AppError('USE_CASE_BLOCKED', gate.reason ?? undefined, { use_case: use });
        }
        await requireTerms(trx, listing.id);
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
        const invited = await deps.interest().preorders.markInvited(trx, r.id, {
          at: now,
          expiresAt,
          by: staff.id,
          price,
        });
        if (!invited) throw new AppError('CONFLICT');
        await deps.notifications.notify(trx, r.user_id, {
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
            buyer_user_id: r.user_id,
            expected_price: price,
            expires_at: expiresAt.toISOString(),
          },
        });
        return { r: invited, caps, listing, buyer: r.user_id };
      });
      await tellBuyer(result.buyer, result.listing.title, expiresAt);
      return {
        reservation_id: result.r.id,
        listing_id: result.listing.id,
        conversion_invite_state: result.r.conversion_invite_state,
        invited_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        expected_price: money(body.expected_price.amount_minor),
        caps: toCaps(result.caps),
      };
    },

    // The buyer's checkout

    async createSetupIntent(
      user: Viewer,
      body: CreateSetupIntentRequest,
    ): Promise<{ checkout: Checkout; created: boolean }> {
      await requireOpen();
      const r = await ownReservation(user, body.reservation_id);
      const now = clock.now();
      if (r.conversion_invite_state === 'converted') {
        throw new AppError('INVALID_STATE', 'This reservation is already a pre-order.', {
          reason: 'already_preordered',
        });
      }
      requireInvited(r, now);
      await requireTerms(db, r.listing_id);
      const inviteExpiresAt = r.invite_expires_at ?? now;

      const existing = await repo.checkoutOfReservation(db, r.id);
      if (existing) {
        const intent = await viaProvider(() => provider.retrieveSetupIntent(existing.setup_intent_id));
        return { checkout: toCheckout(existing, intent, inviteExpiresAt, true), created: false };
      }

      const customer =
        (await repo.customerOf(db, user.id, provider.name))?.customer_id ??
        (await repo.rememberCustomer(db, {
          userId: user.id,
          provider: provider.name,
          customerId: await viaProvider(() =>
            provider.ensureCustomer({ buyerRef: user.id, idempotencyKey: `kitwright-customer-${user.id}` }),
          ),
          at: now,
        }));
      const intent = await viaProvider(() =>
        provider.createSetupIntent({
          customer,
          metadata: { reservation_id: r.id, listing_id: r.listing_id, buyer_user_id: user.id },
          // One setup intent per reservation at the provider too, whatever the retries.
          idempotencyKey: `kitwright-setup-intent-${r.id}`,
        }),
      );
      if (intent.usage !== 'off_session')
        throw new AppError('DEPENDENCY_UNAVAILABLE', 'The provider made an on-session setup intent.');
      const { row, created } = await auditedTransaction(deps, async (trx, audit) => {
        const out = await repo.insertCheckout(trx, {
          id: newId(),
          preorder_id: newId(),
          reservation_id: r.id,
          buyer_user_id: user.id,
          listing_id: r.listing_id,
          provider: provider.name,
          provider_customer_id: customer,
          setup_intent_id: intent.id,
          usage: 'off_session',
          status: intent.status,
          expected_amount_minor: priceOf(r),
          currency: 'GBP',
          created_at: now,
          updated_at: now,
        });
        if (out.created)
          await audit({
            actor: userActor(user.id),
            action: 'checkout.setup_intent_created',
            resourceType: 'checkout',
            resourceId: out.row.id,
            details: {
              reservation_id: r.id,
              setup_intent_id: intent.id,
              provider: provider.name,
              usage: 'off_session',
            },
          });
        return out;
      });
      if (created) {
        const ctx = { userId: user.id, route: 'POST /api/checkout/setup-intent' };
        await deps.events.emit(
          'checkout_started',
          {
            checkout_id: row.id,
            listing_ids: [row.listing_id],
            expected_total: row.expected_amount_minor,
            source_attribution: (r.source as { attribution?: Record<string, string> }).attribution ?? {},
          },
          ctx,
        );
        await deps.events.emit(
          'setup_intent_created',
          {
            checkout_id: row.id,
            preorder_id: row.preorder_id,
            payment_mode: 'setup',
            no_capture_acknowledged: false,
          },
          ctx,
        );
      }
      const view = created
        ? intent
        : await viaProvider(() => provider.retrieveSetupIntent(row.setup_intent_id));
      return { checkout: toCheckout(row, view, inviteExpiresAt, !created), created };
    },

    async confirm(user: Viewer, body: ConfirmCheckoutRequest): Promise<ConfirmCheckoutResponse> {
      await requireOpen();
      await deps.alerts.signal(CONFIRM_ATTEMPT_SIGNAL);
      try {
        return await confirmOpen(user, body);
      } catch (err) {
        await deps.alerts.signal(CONFIRM_FAILURE_SIGNAL, {
          details: { code: isAppError(err) ? err.code : 'INTERNAL_ERROR' },
        });
        throw err;
      }
    },

    async list(user: Viewer, limit: number, cursor: string | null): Promise<PreorderPage> {
      await deps.controls.requireCapability('setup_intents');
      const after = cursor ? readTimeCursor(cursor) : null;
      const rows = await repo.preorderPage(db, user.id, after, limit + 1);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
      return { items: page.map(toPreorder), next_cursor };
    },

    async cancel(user: Viewer, preorderId: string, body: CancelPreorderRequest): Promise<Preorder> {
      await deps.controls.requireCapability('setup_intents');
      if ((await deps.controls.phase()) === 'B')
        throw new AppError(
          'PHASE_CLOSED',
          'Pre-orders are cancelled through support once Phase B has started.',
        );
      if (!isUuid(preorderId)) throw new AppError('NOT_FOUND');
      const found = await repo.preorder(db, preorderId);
      if (!found || found.buyer_user_id !== user.id) throw new AppError('NOT_FOUND');
      if (found.status === 'cancelled') return toPreorder(found);
      // The card is detached first: if the provider cannot, nothing changes and the buyer retries.
      await viaProvider(() => provider.detachPaymentMethod(found.payment_method_id));
      const now = clock.now();
      const row = await auditedTransaction(deps, async (trx, audit) => {
        await deps.interest().preorders.lock(trx, found.source_reservation_id);
        const cancelled = await repo.cancelPreorder(trx, found.id, {
          reason: body.reason,
          note: body.note ?? null,
          at: now,
        });
        if (!cancelled) {
          const current = await repo.preorder(trx, found.id);
          if (!current) throw new AppError('NOT_FOUND');
          return { row: current, changed: false };
        }
        await repo.markCardDetached(trx, found.id, now);
        await repo.releasePreorder(trx, found.listing_id, now);
        await repo.releaseBuyerPlace(trx, user.id);
        await deps
          .interest()
          .preorders.setConversionState(trx, found.source_reservation_id, 'converted', 'declined');
        await audit({
          actor: userActor(user.id),
          action: 'preorder.cancelled',
          resourceType: 'pre_order',
          resourceId: found.id,
          details: { reason: body.reason, card_detached: true, payment_method_id: found.payment_method_id },
        });
        return { row: { ...cancelled, card_detached_at: now }, changed: true };
      });
      if (row.changed)
        await deps.events.emit(
          'preorder_cancelled',
          {
            preorder_id: found.id,
            reason_category: body.reason,
            days_since_created: Math.max(0, Math.floor((now.getTime() - found.created_at.getTime()) / DAY)),
          },
          { userId: user.id, route: 'DELETE /api/pre-orders/:preOrderId' },
        );
      return toPreorder(row.row);
    },

    // The account's part

    async exportFor(userId: string) {
      const [preorders, terms] = await Promise.all([
        repo.preordersOf(db, userId),
        repo.termsOfDesigner(db, userId),
      ]);
      return {
        pre_orders: preorders.map(toPreorder),
        designer_terms: terms.map((t) => ({
          listing_id: t.listing_id,
          version: t.version,
          accepted_at: t.accepted_at.toISOString(),
          withdrawn_at: t.withdrawn_at?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Erasing an account, in its transaction: the buyer's confirmed pre-orders are cancelled
     * (`account_erased`), their places released; the records stay without the buyer (the column is
     * emptied by the account's deletion) for the payment records. Returns the saved cards to detach
     * at the provider once the erasure has committed.
     */
    async eraseFor(
      trx: Transaction<DB>,
      userId: string,
      listingIds: readonly string[],
      actor: Actor,
      audit: AuditWriter,
    ) {
      // The buyer's own pre-orders, and other buyers' pre-orders of the designer's listings
      // (those listings are deleted with the account, so nothing can be made of them).
      const own = await repo.lockConfirmedOf(trx, userId);
      const onListings = await repo.lockConfirmedOnListings(trx, listingIds);
      const rows = [...own, ...onListings.filter((p) => !own.some((o) => o.id === p.id))];
      const now = clock.now();
      for (const p of rows) {
        await repo.cancelPreorder(trx, p.id, { reason: 'account_erased', note: null, at: now });
        await repo.releasePreorder(trx, p.listing_id, now);
        if (p.buyer_user_id && p.buyer_user_id !== userId) {
          await repo.releaseBuyerPlace(trx, p.buyer_user_id);
          await deps.notifications.notify(trx, p.buyer_user_id, {
            kind: 'preorder_cancelled',
            title: 'A pre-order was cancelled',
            body: 'Its designer closed their account, so the pre-order was cancelled. No money was taken and your saved card was removed.',
            link: '/account/reservations',
          });
        }
        await audit({
          actor,
          action: 'preorder.cancelled',
          resourceType: 'pre_order',
          resourceId: p.id,
          details: { reason: 'account_erased', side: p.buyer_user_id === userId ? 'buyer' : 'designer' },
        });
      }
      return rows.map((p) => ({ preorderId: p.id, paymentMethodId: p.payment_method_id }));
    },

    /** Detaches the cards of an erased account's pre-orders (after the erasure committed). */
    async detachAfterErasure(cards: Array<{ preorderId: string; paymentMethodId: string }>) {
      for (const c of cards) {
        try {
          await provider.detachPaymentMethod(c.paymentMethodId);
          await repo.markCardDetached(db, c.preorderId, clock.now());
        } catch (err) {
          deps.logger.error(
            { err, preorder_id: c.preorderId },
            'a card could not be detached after account erasure',
          );
        }
      }
    },

    /** Confirmations and captures for the "Checkout blocked" alert. */
    checkoutSignals: {
      async confirmations(from: Date, to: Date) {
        const [attempts, failures] = await Promise.all([
          deps.alerts.countSignals(CONFIRM_ATTEMPT_SIGNAL, from, to),
          deps.alerts.countSignals(CONFIRM_FAILURE_SIGNAL, from, to),
        ]);
        return { attempts: attempts.count, failures: failures.count };
      },
      accidentalCaptures: (from: Date, to: Date) => repo.captureEvents(db, from, to),
    },
  };

  async function confirmOpen(user: Viewer, body: ConfirmCheckoutRequest): Promise<ConfirmCheckoutResponse> {
    const now = clock.now();
    const c = await repo.checkout(db, body.checkout_id);
    if (!c || c.buyer_user_id !== user.id) throw new AppError('NOT_FOUND');
    const ackAt = new Date(body.acknowledgement.acknowledged_at);
    if (
      body.acknowledgement.version !== PREORDER_NO_CAPTURE_TERMS_VERSION ||
      body.payment_agreement.version !== MIT_AGREEMENT_VERSION
    ) {
      throw new AppError('ACKNOWLEDGEMENT_STALE', 'Read and accept the current pre-order terms.', {
        current_versions: {
          no_capture_terms: PREORDER_NO_CAPTURE_TERMS_VERSION,
          payment_agreement: MIT_AGREEMENT_VERSION,
        },
      });
    }
    // Fresh: no older than N minutes, and not from the future (a minute's clock skew is allowed).
    if (
      Number.isNaN(ackAt.getTime()) ||
      now.getTime() - ackAt.getTime() > PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES * MINUTE ||
      ackAt.getTime() - now.getTime() > MINUTE
    ) {
      throw new AppError('ACKNOWLEDGEMENT_STALE', undefined, {
        fresh_minutes: PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES,
      });
    }
    const done = await repo.preorderOfCheckout(db, c.id);
    if (done?.status === 'confirmed')
      return { preorder: toPreorder(done), charged: false, warnings: warningsFor(done, now) };
    if (done)
      throw new AppError('INVALID_STATE', 'This pre-order was cancelled.', { reason: 'preorder_cancelled' });

    // The card's state comes from the provider, never from the client.
    const intent = await viaProvider(() => provider.retrieveSetupIntent(c.setup_intent_id));
    if (intent.status !== 'succeeded' || !intent.payment_method)
      throw new AppError('CARD_NOT_VERIFIED', undefined, { setup_intent_status: intent.status });
    if (intent.customer !== c.provider_customer_id || intent.usage !== 'off_session')
      throw new AppError('CARD_NOT_VERIFIED', 'The saved card does not belong to this checkout.');
    const card = intent.payment_method;
    const gates = await gateVersions();

    const preorder = await auditedTransaction(deps, async (trx, audit) => {
      const r = await deps.interest().preorders.lock(trx, c.reservation_id);
      if (!r || r.user_id !== user.id) throw new AppError('NOT_FOUND');
      if (r.conversion_invite_state === 'converted') {
        const existing = await repo.preorderOfCheckout(trx, c.id);
        if (existing) return existing;
      }
      requireInvited(r, now);
      await requireTerms(trx, r.listing_id);
      if (!(await repo.takePreorder(trx, r.listing_id, now)))
        throw new AppError('CAP_REACHED', undefined, { cap: 'preorder' });
      if (!(await repo.takeBuyerPlace(trx, user.id, PREORDER_PER_BUYER_LIMIT)))
        throw new AppError('PREORDER_LIMIT_REACHED', undefined, { limit: PREORDER_PER_BUYER_LIMIT });
      const row = await repo.insertPreorder(trx, {
        id: c.preorder_id,
        checkout_id: c.id,
        source_reservation_id: r.id,
        buyer_user_id: user.id,
        listing_id: r.listing_id,
        design_owner_id: r.design_owner_id,
        provider: c.provider,
        provider_customer_id: c.provider_customer_id,
        setup_intent_id: c.setup_intent_id,
        payment_method_id: card.id,
        expected_amount_minor: c.expected_amount_minor,
        currency: 'GBP',
        acknowledgement_version: body.acknowledgement.version,
        acknowledged_at: ackAt,
        agreement_version: MIT_AGREEMENT_VERSION,
        agreement_text: MIT_AGREEMENT_TEXT,
        card_brand: card.brand,
        card_last4: card.last4,
        card_exp_month: card.exp_month,
        card_exp_year: card.exp_year,
        gate_versions: gates,
        created_at: now,
      });
      if (!row) throw new AppError('CONFLICT');
      await repo.updateCheckoutState(trx, c.id, {
        status: 'succeeded',
        eventCreated: c.status_event_created === null ? null : Number(c.status_event_created),
        lastErrorCode: null,
        paymentMethodId: card.id,
        at: now,
      });
      await deps.interest().preorders.setConversionState(trx, r.id, 'invited', 'converted');
      await audit({
        actor: userActor(user.id),
        action: 'preorder.confirmed',
        resourceType: 'pre_order',
        resourceId: row.id,
        details: {
          reservation_id: r.id,
          listing_id: r.listing_id,
          setup_intent_id: c.setup_intent_id,
          expected_amount_minor: c.expected_amount_minor,
          acknowledgement_version: body.acknowledgement.version,
          agreement_version: MIT_AGREEMENT_VERSION,
          gate_versions: gates,
          charged: false,
        },
      });
      return row;
    });
    return { preorder: toPreorder(preorder), charged: false, warnings: warningsFor(preorder, now) };
  }

  /** A card that expires before the end of the expected production window is flagged. */
  function warningsFor(p: repo.PreorderRow, now: Date): ConfirmCheckoutResponse['warnings'] {
    if (!p.card_exp_year || !p.card_exp_month) return [];
    // A card is valid to the end of its expiry month.
    const validUntil = Date.UTC(p.card_exp_year, p.card_exp_month, 1);
    const windowEnd = now.getTime() + PREORDER_PRODUCTION_WINDOW_DAYS * DAY;
    return validUntil < windowEnd
      ? [
          {
            code: 'card_expires_before_production',
            message: `This card expires before the expected production window (${PREORDER_PRODUCTION_WINDOW_DAYS} days). You may want to use a card that is valid for longer.`,
          },
        ]
      : [];
  }
}

export type PreordersService = ReturnType<typeof createPreordersService>;
