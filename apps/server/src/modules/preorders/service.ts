/**
 * Phase A.5 gated no-capture pre-orders (issue 16). Staff invite an eligible reservation; the
 * invited buyer gets one setup intent (card verified and saved, never charged); a fresh
 * acknowledgement and a setup intent the provider says succeeded make a confirmed pre-order; the
 * buyer may cancel it before Phase B. Caps are held by the database; every payment-state change
 * is audited and fails closed with the audit. There is no capture anywhere: the provider
 * interface has none.
 *
 * The module's public surface: each method binds one flow (terms, invitations, checkout,
 * confirmation, preorders, personal-data, checkout-signals) to the one context.
 */
import type {
  CancelPreorderRequest,
  ConfirmCheckoutRequest,
  CreateSetupIntentRequest,
  DesignerTermsRequest,
  InvitePreorderRequest,
  PreorderCapsRequest,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditWriter } from '../../platform/audit';
import * as checkout from './checkout';
import * as signals from './checkout-signals';
import * as confirmation from './confirmation';
import type { PreordersContext, Viewer } from './context';
import * as invitations from './invitations';
import * as personalData from './personal-data';
import * as preorders from './preorders';
import * as terms from './terms';

export type PreordersDeps = PreordersContext;

export function createPreordersService(deps: PreordersDeps) {
  const ctx: PreordersContext = deps;
  return {
    // Designer commerce terms
    termsOf: (listingId: string) => terms.termsOf(ctx, listingId),
    designerTerms: (user: Viewer, listingId: string) => terms.designerTerms(ctx, user, listingId),
    acceptDesignerTerms: (user: Viewer, listingId: string, body: DesignerTermsRequest) =>
      terms.acceptDesignerTerms(ctx, user, listingId, body),
    withdrawDesignerTerms: (user: Viewer, listingId: string) =>
      terms.withdrawDesignerTerms(ctx, user, listingId),

    // Caps and invitations (staff)
    caps: (staff: Viewer, listingId: string) => invitations.caps(ctx, staff, listingId),
    setCaps: (staff: Viewer, listingId: string, body: PreorderCapsRequest) =>
      invitations.setCaps(ctx, staff, listingId, body),
    invite: (staff: Viewer, reservationId: string, body: InvitePreorderRequest) =>
      invitations.invite(ctx, staff, reservationId, body),

    // The buyer's checkout and pre-orders
    createSetupIntent: (user: Viewer, body: CreateSetupIntentRequest) =>
      checkout.createSetupIntent(ctx, user, body),
    confirm: (user: Viewer, body: ConfirmCheckoutRequest) => confirmation.confirm(ctx, user, body),
    list: (user: Viewer, limit: number, cursor: string | null) => preorders.list(ctx, user, limit, cursor),
    cancel: (user: Viewer, preorderId: string, body: CancelPreorderRequest) =>
      preorders.cancel(ctx, user, preorderId, body),

    // The account's part
    exportFor: (userId: string) => personalData.exportFor(ctx, userId),
    eraseFor: (
      trx: Transaction<DB>,
      userId: string,
      listingIds: readonly string[],
      actor: Actor,
      audit: AuditWriter,
    ) => personalData.eraseFor(ctx, trx, userId, listingIds, actor, audit),
    detachAfterErasure: (cards: Array<{ preorderId: string; paymentMethodId: string }>) =>
      personalData.detachAfterErasure(ctx, cards),

    /** Confirmations and captures for the "Checkout blocked" alert. */
    checkoutSignals: {
      confirmations: (from: Date, to: Date) => signals.confirmations(ctx, from, to),
      accidentalCaptures: (from: Date, to: Date) => signals.accidentalCaptures(ctx, from, to),
    },
  };
}

export type PreordersService = ReturnType<typeof createPreordersService>;
