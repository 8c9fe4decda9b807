/**
 * Phase A.5 no-capture pre-orders: the versions and verbatim texts a buyer and a designer accept,
 * the pre-order status machine, and the numbers that bound it (spec: Pre-order (A.5), Delivery
 * phases rule 3). Server, SDK and app share them; a text's version changes whenever its words do.
 */

/** The designer commerce terms a designer accepts per listing before its reservations can be invited. */
export const DESIGNER_TERMS_VERSION = '2026-12-01';
export const DESIGNER_TERMS_TEXT =
  'I agree that buyers who registered interest in this design may be invited to a no-capture pre-order. ' +
  'No money is taken and nothing is promised to ship during Phase A.5. I may withdraw this agreement at any ' +
  'time before Phase B; existing pre-orders stay as they are and no new invitations are sent.';

/** What the buyer acknowledges, freshly, at confirmation: no money is taken now. */
export const PREORDER_NO_CAPTURE_TERMS_VERSION = '2026-12-01';
export const PREORDER_NO_CAPTURE_TERMS_TEXT =
  'This is a pre-order that takes no money now. Your card is checked and saved, not charged. ' +
  'You can cancel at any time before production is confirmed, at no cost.';

/**
 * The merchant-initiated-transaction agreement (Stripe "save and reuse"): the buyer agrees at setup
 * that the platform may start one payment later, when and how its amount is set. Worded without a
 * shipment promise, which A.5 forbids. Recorded verbatim with its version on every pre-order.
 */
export const MIT_AGREEMENT_VERSION = '2026-12-01';
export const MIT_AGREEMENT_TEXT =
  'I authorise Kitwright to take one payment from this card later, without me being present, only if ' +
  'production of this kit is confirmed. Before any payment I will be told the final amount, which will not ' +
  'exceed the expected price shown to me today, and I will have at least 14 days to cancel first. ' +
  'If production is not confirmed, no payment is taken and the card is removed.';

/** A no-capture acknowledgement older than this at confirmation is stale and refused. */
export const PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES = 15;

/** How long a pre-order invitation stays open unless the request says otherwise. */
export const PREORDER_INVITE_DEFAULT_DAYS = 14;
export const PREORDER_INVITE_MAX_DAYS = 60;

/**
 * When production is expected to start, counted from confirmation: a card expiring before the
 * end of this window is flagged in the confirmation so the buyer can use another card.
 */
export const PREORDER_PRODUCTION_WINDOW_DAYS = 180;

/** Caps a listing gets on its first invitation, until staff set others. */
export const PREORDER_DEFAULT_CAPS = { invitation_cap: 200, preorder_cap: 100 } as const;
/** Active (confirmed) pre-orders one buyer may hold across all listings. */
export const PREORDER_PER_BUYER_LIMIT = 5;

/** Expected prices are integer minor units of GBP (pence), within these bounds. */
export const PREORDER_PRICE_MIN_MINOR = 100;
export const PREORDER_PRICE_MAX_MINOR = 500_000;
export const PREORDER_CURRENCIES = ['GBP'] as const;
export type PreorderCurrency = (typeof PREORDER_CURRENCIES)[number];

/**
 * Pre-order status machine (enforced by a CHECK and by the service):
 *   confirmed → cancelled  (buyer, before Phase B; staff; account erasure)
 * A pre-order is created `confirmed` (a no-capture pre-order whose card was verified); Phase B will
 * add its own later states. `cancelled` is final.
 */
export const PREORDER_STATUSES = ['confirmed', 'cancelled'] as const;
export type PreorderStatus = (typeof PREORDER_STATUSES)[number];

export const PREORDER_CANCEL_REASONS = [
  'changed_mind',
  'price',
  'timing',
  'found_alternative',
  'card_problem',
  'other',
] as const;
export type PreorderCancelReason = (typeof PREORDER_CANCEL_REASONS)[number];

/** Where a setup intent stands, as the platform last learned it from the provider. */
export const CHECKOUT_SETUP_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
] as const;
export type CheckoutSetupStatus = (typeof CHECKOUT_SETUP_STATUSES)[number];

/** The local provider's test cards (the same numbers as Stripe's test cards). */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242424242424242',
  requiresAuthentication: '4000002500003155',
  insufficientFunds: '4000000000009995',
  genericDecline: '4000000000000002',
} as const;
