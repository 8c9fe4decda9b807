/** Phase A.5: designer terms, pre-order invitations, setup intents, confirmation and pre-orders. */
import Type from 'typebox';
import {
  CHECKOUT_SETUP_STATUSES,
  PREORDER_CANCEL_REASONS,
  PREORDER_CURRENCIES,
  PREORDER_INVITE_MAX_DAYS,
  PREORDER_PRICE_MAX_MINOR,
  PREORDER_PRICE_MIN_MINOR,
  PREORDER_STATUSES,
} from '../preorders';
import { CANCELLATION_REASON_MAX_LENGTH } from '../text-limits';
import { OneLine, PageQuery, Timestamp, Uuid } from './common';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Version = OneLine({ minLength: 1, maxLength: 32 });
const PathId = Type.String({ maxLength: 64 });

export const Money = Type.Object({
  amount_minor: Type.Integer({
    minimum: PREORDER_PRICE_MIN_MINOR,
    maximum: PREORDER_PRICE_MAX_MINOR,
    description: 'Integer minor units (pence)',
  }),
  currency: Type.Enum([...PREORDER_CURRENCIES]),
});
export type Money = Type.Static<typeof Money>;

export const DesignerTermsRequest = Type.Object({
  accepted: Type.Literal(true),
  version: Version,
});
export type DesignerTermsRequest = Type.Static<typeof DesignerTermsRequest>;

export const DesignerTermsState = Type.Object({
  listing_id: Uuid,
  accepted: Type.Boolean(),
  version: Nullable(Type.String()),
  accepted_at: Nullable(Timestamp),
  withdrawn_at: Nullable(Timestamp),
  current_version: Type.String({ description: 'The version a designer accepts now' }),
  current_text: Type.String(),
});
export type DesignerTermsState = Type.Static<typeof DesignerTermsState>;

export const ListingIdOnlyParams = Type.Object({ listingId: PathId });

export const PreorderCapsRequest = Type.Object({
  invitation_cap: Type.Integer({ minimum: 0, maximum: 100_000 }),
  preorder_cap: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type PreorderCapsRequest = Type.Static<typeof PreorderCapsRequest>;

export const PreorderCaps = Type.Object({
  listing_id: Uuid,
  invitation_cap: Type.Integer(),
  invited: Type.Integer(),
  preorder_cap: Type.Integer(),
  preordered: Type.Integer(),
});
export type PreorderCaps = Type.Static<typeof PreorderCaps>;

export const InvitePreorderRequest = Type.Object({
  expected_price: Money,
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: PREORDER_INVITE_MAX_DAYS })),
});
export type InvitePreorderRequest = Type.Static<typeof InvitePreorderRequest>;

export const PreorderInvitation = Type.Object({
  reservation_id: Uuid,
  listing_id: Uuid,
  conversion_invite_state: Type.String(),
  invited_at: Timestamp,
  expires_at: Timestamp,
  expected_price: Money,
  caps: PreorderCaps,
});
export type PreorderInvitation = Type.Static<typeof PreorderInvitation>;

export const CreateSetupIntentRequest = Type.Object({
  reservation_id: Uuid,
});
export type CreateSetupIntentRequest = Type.Static<typeof CreateSetupIntentRequest>;

export const CardCollection = Type.Union([
  Type.Object({
    provider: Type.Literal('stripe'),
    client_secret: Type.String(),
    publishable_key: Nullable(Type.String()),
  }),
  Type.Object({
    provider: Type.Literal('local'),
    client_secret: Type.String(),
    form_url: Type.String(),
  }),
]);

export const Checkout = Type.Object({
  checkout_id: Uuid,
  preorder_id: Uuid,
  reservation_id: Uuid,
  listing_id: Uuid,
  setup_intent_id: Type.String(),
  status: Type.Enum([...CHECKOUT_SETUP_STATUSES]),
  usage: Type.Literal('off_session'),
  expected_price: Money,
  card_collection: CardCollection,
  last_error: Nullable(
    Type.Object(
      {
        code: Type.String({ description: "The provider's error code, e.g. card_declined" }),
        decline_code: Nullable(Type.String({ description: 'e.g. insufficient_funds' })),
      },
      {
        description:
          "The provider's error on the last card attempt (a decline, a failed authentication), read from the provider; null when there was none",
      },
    ),
  ),
  invite_expires_at: Timestamp,
  no_capture_terms: Type.Object({ version: Type.String(), text: Type.String() }),
  payment_agreement: Type.Object({ version: Type.String(), text: Type.String() }),
  reused: Type.Boolean(),
});
export type Checkout = Type.Static<typeof Checkout>;

export const ConfirmCheckoutRequest = Type.Object({
  checkout_id: Uuid,
  acknowledgement: Type.Object({
    accepted: Type.Literal(true),
    version: Version,
    acknowledged_at: Timestamp,
  }),
  payment_agreement: Type.Object({
    accepted: Type.Literal(true),
    version: Version,
  }),
});
export type ConfirmCheckoutRequest = Type.Static<typeof ConfirmCheckoutRequest>;

export const SavedCardView = Type.Object({
  brand: Nullable(Type.String()),
  last4: Nullable(Type.String()),
  exp_month: Nullable(Type.Integer()),
  exp_year: Nullable(Type.Integer()),
});

export const Preorder = Type.Object({
  id: Uuid,
  status: Type.Enum([...PREORDER_STATUSES]),
  reservation_id: Uuid,
  listing_id: Uuid,
  design_owner_id: Uuid,
  checkout_id: Uuid,
  setup_intent_id: Type.String(),
  expected_price: Money,
  card: SavedCardView,
  no_capture_acknowledgement: Type.Object({ version: Type.String(), acknowledged_at: Timestamp }),
  payment_agreement: Type.Object({ version: Type.String(), text: Type.String() }),
  gate_versions: Type.Record(Type.String(), Type.String()),
  created_at: Timestamp,
  cancelled_at: Nullable(Timestamp),
  cancellation_reason: Nullable(Type.String()),
  cancellation_note: Nullable(Type.String()),
});
export type Preorder = Type.Static<typeof Preorder>;

export const ConfirmCheckoutResponse = Type.Object({
  preorder: Preorder,
  charged: Type.Literal(false),
  warnings: Type.Array(
    Type.Object({
      code: Type.String(),
      message: Type.String(),
    }),
  ),
});
export type ConfirmCheckoutResponse = Type.Static<typeof ConfirmCheckoutResponse>;

export const PreorderPage = Type.Object({
  items: Type.Array(Preorder),
  next_cursor: Nullable(Type.String()),
});
export type PreorderPage = Type.Static<typeof PreorderPage>;

export const PreorderListQuery = PageQuery;

export const CancelPreorderRequest = Type.Object({
  reason: Type.Enum([...PREORDER_CANCEL_REASONS]),
  note: Type.Optional(Type.String({ maxLength: CANCELLATION_REASON_MAX_LENGTH })),
});
export type CancelPreorderRequest = Type.Static<typeof CancelPreorderRequest>;

export const WebhookReceipt = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
});
