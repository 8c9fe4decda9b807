/**
 * Demand review (staff and founders): every interest reservation with its reserver, listing and
 * designer, the totals per listing, qualification by staff and CSV export. What the founder reads to
 * choose which designs go to A.5.
 */
import Type from 'typebox';
import { RESERVATION_STATUSES } from '../listing-terms';
import { ALLOWED_USE_CASES } from '../use-cases';
import { PersonRef } from './listing';

export const QUALIFICATION_STATES = ['unreviewed', 'qualified', 'not_qualified'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];
export const CONVERSION_INVITE_STATES = ['not_invited', 'invited', 'declined', 'converted'] as const;
export type ConversionInviteState = (typeof CONVERSION_INVITE_STATES)[number];
export const QUALIFICATION_NOTE_MAX_LENGTH = 1000;
/** verified: signed in with a verified email; account: signed in, not verified; visitor: no account. */
export const RESERVER_TRUST_TIERS = ['verified', 'account', 'visitor'] as const;
export type ReserverTrust = (typeof RESERVER_TRUST_TIERS)[number];

/** The filters shared by the list, the totals and the exports. */
const filters = {
  listing_id: Type.Optional(Type.String({ format: 'uuid' })),
  designer_id: Type.Optional(Type.String({ format: 'uuid', description: 'The design owner' })),
  status: Type.Optional(Type.Enum([...RESERVATION_STATUSES])),
  jurisdiction: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2, any case' }),
  ),
  intended_use: Type.Optional(Type.Enum([...ALLOWED_USE_CASES])),
  invite_state: Type.Optional(Type.Enum([...CONVERSION_INVITE_STATES])),
  qualification: Type.Optional(Type.Enum([...QUALIFICATION_STATES])),
  trust: Type.Optional(
    Type.Enum([...RESERVER_TRUST_TIERS], { description: 'How far the reserver was proven' }),
  ),
  flagged: Type.Optional(
    Type.Enum(['true', 'false'], { description: 'Only reservations flagged for review (or only unflagged)' }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or after (UTC)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Created before (UTC)' })),
};
export const DemandFilters = Type.Object(filters);
export type DemandFilters = Type.Static<typeof DemandFilters>;

export const DemandReviewQuery = Type.Object({
  ...filters,
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export const DemandExportQuery = Type.Object({
  ...filters,
  view: Type.Optional(
    Type.Enum(['reservations', 'listings'], {
      description: 'reservations (default): one row each; listings: the totals per listing',
    }),
  ),
});

export const Qualification = Type.Object({
  state: Type.Enum([...QUALIFICATION_STATES]),
  note: Type.Union([Type.String(), Type.Null()]),
  by: Type.Union([PersonRef, Type.Null()]),
  at: Type.Union([Type.String(), Type.Null()]),
});

export const DemandListingRef = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  availability: Type.Enum(['available', 'unavailable', 'deleted']),
});

export const DemandReservation = Type.Object({
  id: Type.String(),
  listing: DemandListingRef,
  designer: PersonRef,
  reserver: Type.Object({
    kind: Type.Enum(['user', 'visitor']),
    user: Type.Union([PersonRef, Type.Null()], {
      description: 'The signed-in reserver; null for a visitor session (pseudonymous)',
    }),
    trust: Type.Enum([...RESERVER_TRUST_TIERS], {
      description: 'What the reserver had proven when they made or last refreshed it',
    }),
    network: Type.Union([Type.String(), Type.Null()], {
      description: 'Pseudonymous fingerprint of the network it came from (keyed hash of the address prefix)',
    }),
  }),
  review_flag: Type.Union([Type.Literal('burst'), Type.Null()], {
    description: 'burst: one of a run of reservations of this listing from one network',
  }),
  status: Type.Enum([...RESERVATION_STATUSES]),
  quantity: Type.Integer(),
  jurisdiction: Type.String(),
  intended_use: Type.Enum([...ALLOWED_USE_CASES]),
  conversion_invite_state: Type.Enum([...CONVERSION_INVITE_STATES]),
  source: Type.Record(Type.String(), Type.Unknown()),
  qualification: Qualification,
  cancellation_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  refreshed_at: Type.String(),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
});
export type DemandReservation = Type.Static<typeof DemandReservation>;

export const DemandTotals = Type.Object({
  reservations: Type.Integer(),
  active: Type.Integer(),
  cancelled: Type.Integer(),
  active_quantity: Type.Integer(),
  qualified: Type.Integer({ description: 'Active reservations staff marked qualified' }),
  verified: Type.Integer({ description: 'Active reservations by signed-in people with a verified email' }),
  visitors: Type.Integer({ description: 'Active reservations by visitor sessions (no account)' }),
  households: Type.Integer({ description: 'Distinct networks the active reservations came from' }),
  flagged: Type.Integer({ description: 'Active reservations flagged for review (runs from one network)' }),
  uk_share: Type.Union([Type.Number(), Type.Null()], {
    description: 'Share of active reservations from the UK (GB), 0–1; null without any',
  }),
});
export type DemandTotals = Type.Static<typeof DemandTotals>;

export const DemandReviewResponse = Type.Object({
  items: Type.Array(DemandReservation),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
  totals: DemandTotals,
});

export const DemandListingTotals = Type.Object({
  listing: DemandListingRef,
  designer: PersonRef,
  totals: DemandTotals,
});
export type DemandListingTotals = Type.Static<typeof DemandListingTotals>;

export const DemandByListingResponse = Type.Object({
  items: Type.Array(DemandListingTotals, {
    description: 'Per listing, most active quantity first (then most active reservations)',
  }),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export const DemandByListingQuery = DemandReviewQuery;

export const QualifyReservationRequest = Type.Object({
  state: Type.Enum([...QUALIFICATION_STATES]),
  note: Type.Optional(Type.String({ maxLength: QUALIFICATION_NOTE_MAX_LENGTH })),
});
