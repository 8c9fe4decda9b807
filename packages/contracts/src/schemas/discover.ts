/** Gallery, localised text, saves, shares, interest reservations, dashboard, support and notifications. */
import Type from 'typebox';
import {
  GALLERY_SORTS,
  LISTING_CATEGORIES,
  REPORT_REASONS,
  RESERVATION_MAX_QUANTITY,
  RESERVATION_STATUSES,
  SHARE_CHANNELS,
  SUPPORT_CATEGORIES,
  SUPPORT_REQUESTER_PRIORITIES,
} from '../listing-terms';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  SUPPORT_ATTACHMENTS_PER_MESSAGE,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SUPPORT_SUBJECT_MIN_LENGTH,
} from '../text-limits';
import { ALLOWED_USE_CASES } from '../use-cases';
import { OneLine } from './common';
import { Draft } from './create';
import { InterestSummary, PersonRef } from './listing';

/** Which language a piece of user text was served in, and whether it is a translation. */
export const Localisation = Type.Object({
  language: Type.String(),
  source_language: Type.String(),
  translated: Type.Boolean(),
  stale: Type.Boolean({ description: 'The source changed since this translation; a new one is on its way' }),
});
export type Localisation = Type.Static<typeof Localisation>;

export const ListingCard = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  localisation: Localisation,
  preview_url: Type.String(),
  designer: PersonRef,
  category: Type.Enum([...LISTING_CATEGORIES]),
  tags: Type.Array(Type.String()),
  part_count: Type.Integer(),
  size_mm: Type.Integer(),
  colours: Type.Array(Type.String()),
  interest: InterestSummary,
  published_at: Type.String(),
});
export type ListingCard = Type.Static<typeof ListingCard>;

const csv = (description: string) => Type.Optional(Type.String({ maxLength: 400, description }));

export const GalleryQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.Enum([...LISTING_CATEGORIES])),
  tags: csv('Comma-separated tags; a listing must have all of them'),
  designer: Type.Optional(Type.String({ maxLength: 64, description: 'Designer username' })),
  min_parts: Type.Optional(Type.Integer({ minimum: 0 })),
  max_parts: Type.Optional(Type.Integer({ minimum: 0 })),
  min_size_mm: Type.Optional(Type.Integer({ minimum: 0 })),
  max_size_mm: Type.Optional(Type.Integer({ minimum: 0 })),
  colours: csv('Comma-separated palette colours; a listing must use all of them'),
  has_reservations: Type.Optional(Type.Boolean()),
  language: Type.Optional(
    Type.String({ maxLength: 8, description: 'Only listings written in this language' }),
  ),
  sort: Type.Optional(Type.Enum([...GALLERY_SORTS])),
  locale: Type.Optional(Type.String({ maxLength: 35 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 24 })),
});
export type GalleryQuery = Type.Static<typeof GalleryQuery>;

export const GalleryResponse = Type.Object({
  items: Type.Array(ListingCard),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Enum([...GALLERY_SORTS]),
  locale: Type.String(),
  match: Type.Enum(['words', 'similar'], {
    description: '"similar" when nothing matched the words and the closest existing words were used',
  }),
  corrected_query: Type.Union([Type.String(), Type.Null()], {
    description: 'The words searched instead, when the query was corrected',
  }),
});
export type GalleryResponse = Type.Static<typeof GalleryResponse>;

export const InterestCta = Type.Object({
  state: Type.Enum(['can_reserve', 'already_reserved', 'own_listing', 'reservations_closed', 'unavailable']),
  reason: Type.Union([Type.String(), Type.Null()]),
  reservation_id: Type.Union([Type.String(), Type.Null()]),
});
export type InterestCta = Type.Static<typeof InterestCta>;

export const ReservationRequest = Type.Object({
  acknowledgement: Type.Object({ accepted: Type.Literal(true), version: OneLine({ maxLength: 32 }) }),
  jurisdiction: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  intended_use: OneLine({ maxLength: 32 }),
  quantity: Type.Integer({ minimum: 1, maximum: RESERVATION_MAX_QUANTITY }),
  source: Type.Optional(
    Type.Object({
      surface: Type.Optional(OneLine({ maxLength: 64 })),
      // Copied from the address the visitor arrived by, as it came: an odd one must not refuse the reservation.
      share_code: Type.Optional(Type.String({ maxLength: 16 })),
      attribution: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 256 }))),
    }),
  ),
});
export type ReservationRequest = Type.Static<typeof ReservationRequest>;

export const ListingRef = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  preview_url: Type.Union([Type.String(), Type.Null()], {
    description: 'Null when the listing is not available to this reader',
  }),
  designer: PersonRef,
  availability: Type.Enum(['available', 'unavailable', 'deleted'], {
    description:
      'unavailable: its owner unpublished it or made it private, or it waits for review (it may come back); deleted: its owner deleted it',
  }),
});
export type ListingRef = Type.Static<typeof ListingRef>;

export const Reservation = Type.Object({
  id: Type.String(),
  listing: ListingRef,
  design_owner_id: Type.String(),
  status: Type.Enum([...RESERVATION_STATUSES]),
  quantity: Type.Integer(),
  jurisdiction: Type.String(),
  intended_use: Type.Enum([...ALLOWED_USE_CASES]),
  acknowledgement_version: Type.String(),
  conversion_invite_state: Type.Enum(['not_invited', 'invited', 'declined', 'converted']),
  source: Type.Record(Type.String(), Type.Unknown()),
  cancellation_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  refreshed_at: Type.String(),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
});
export type Reservation = Type.Static<typeof Reservation>;

export const ReservationResult = Type.Object({
  reservation: Reservation,
  refreshed: Type.Boolean({ description: 'An active reservation already existed and was updated' }),
  message: Type.String(),
});

export const CancelReservationRequest = Type.Object({
  reason: Type.Optional(
    Type.Union([Type.String({ maxLength: CANCELLATION_REASON_MAX_LENGTH }), Type.Null()], {
      description: 'Why, in the person’s words; optional (absent, null, empty or blank means none)',
    }),
  ),
});

export const ShareRequest = Type.Object({ channel: Type.Enum([...SHARE_CHANNELS]) });
export const ShareResponse = Type.Object({ code: Type.String(), url: Type.String(), channel: Type.String() });

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A file attached to a support message: an upload of its author's (POST /api/media/uploads). */
export const SupportAttachment = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'image or source_model' }),
  format: Type.String(),
  original_name: Nullable(Type.String()),
  url: Type.String({ description: 'The bytes: for the uploader and staff' }),
});

export const SupportMessage = Type.Object({
  id: Type.String(),
  author_role: Type.String({ description: 'requester, staff or system' }),
  body: Type.String({ description: 'As written, in `language`' }),
  language: Type.String(),
  translation: Nullable(
    Type.Object(
      {
        language: Type.String(),
        status: Type.Enum(['translated', 'not_translated']),
        body: Nullable(Type.String({ description: 'The machine translation; null when not translated' })),
      },
      { description: 'For the other side (staff language, or the requester’s); null when both share one' },
    ),
  ),
  attachments: Type.Array(SupportAttachment),
  created_at: Type.String(),
});

export const SupportConversation = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  category: Type.Enum([...SUPPORT_CATEGORIES]),
  status: Type.String({
    description:
      'open (new, not answered yet), waiting_on_requester (staff answered), waiting_on_staff (you replied or reopened), resolved, closed',
  }),
  priority: Type.String(),
  resource: Type.Union([Type.Object({ type: Type.String(), id: Type.String() }), Type.Null()]),
  messages: Type.Array(SupportMessage, { description: 'The thread; staff internal notes are never in it' }),
  first_response_due_at: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  language: Type.String(),
  source_surface: Type.String(),
  last_customer_message_at: Type.String(),
  last_staff_response_at: Nullable(Type.String()),
  can_reply: Type.Boolean(),
  can_close: Type.Boolean(),
  can_reopen: Type.Boolean(),
  reopen_until: Nullable(Type.String({ description: 'A resolved conversation can be reopened until then' })),
});
export type SupportConversation = Type.Static<typeof SupportConversation>;

export const CreateSupportRequest = Type.Object({
  subject: OneLine({ minLength: SUPPORT_SUBJECT_MIN_LENGTH, maxLength: SUPPORT_SUBJECT_MAX_LENGTH }),
  category: Type.Enum([...SUPPORT_CATEGORIES]),
  message: Type.String({ minLength: 1, maxLength: SUPPORT_MESSAGE_MAX_LENGTH }),
  contact_email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  resource: Type.Optional(
    Type.Object({
      type: Type.Enum(['listing', 'reservation', 'draft', 'job']),
      id: OneLine({ maxLength: 64 }),
    }),
  ),
  source_surface: Type.Optional(OneLine({ maxLength: 64 })),
  priority: Type.Optional(
    Type.Enum([...SUPPORT_REQUESTER_PRIORITIES], {
      description:
        'How pressing it is to you: low, or normal (the default). High and urgent are set by staff; a listing report arrives high',
    }),
  ),
  /** Why a listing is reported; required with the category `report_listing`. */
  report_reason: Type.Optional(Type.Enum([...REPORT_REASONS])),
  attachments: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: SUPPORT_ATTACHMENTS_PER_MESSAGE,
      uniqueItems: true,
      description:
        'Ids of your own uploads (POST /api/media/uploads: images and model files), signed in only; the same as on a reply',
    }),
  ),
});

export type CreateSupportRequest = Type.Static<typeof CreateSupportRequest>;

export const Notification = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  read: Type.Boolean(),
});

export const OwnListing = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  preview_url: Type.String(),
  visibility: Type.String(),
  moderation_state: Type.String(),
  state: Type.Enum(['published', 'unpublished']),
  interest: InterestSummary,
  published_at: Type.String(),
});

export const DashboardResponse = Type.Object({
  viewer: Type.Object({
    kind: Type.Enum(['user', 'visitor']),
    id: Type.String(),
    display_name: Type.Union([Type.String(), Type.Null()]),
  }),
  drafts: Type.Array(Draft),
  listings: Type.Array(OwnListing),
  saved: Type.Array(ListingCard),
  saved_unavailable: Type.Array(ListingRef, {
    description: 'Saved listings that cannot be shown now (unpublished, private or in review), to remove',
  }),
  reservations: Type.Object({ active: Type.Array(Reservation), cancelled: Type.Array(Reservation) }),
  support: Type.Object({
    conversations: Type.Array(SupportConversation),
    contact: Type.Union([Type.String(), Type.Null()]),
  }),
  notifications: Type.Array(Notification),
});
export type DashboardResponse = Type.Static<typeof DashboardResponse>;
