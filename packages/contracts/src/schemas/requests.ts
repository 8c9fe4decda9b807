/**
 * Path parameters, query strings and the smaller request and response bodies of the API that no
 * resource file owns: the shapes routes used to declare inline.
 */
import Type from 'typebox';
import { LISTING_CATEGORIES, LISTING_MAX_PHOTOS, VISIBILITIES } from '../listing-terms';
import { CONSENT_STATES } from '../product-events';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_DESCRIPTION_MIN_LENGTH,
  LISTING_MAX_TAGS,
  LISTING_TAG_MAX_LENGTH,
  LISTING_TITLE_MAX_LENGTH,
  LISTING_TITLE_MIN_LENGTH,
} from '../text-limits';
import { OneLine } from './common';
import { Upload } from './create';

/** An id in a path; its form is checked by the service, which answers 404 for anything unknown. */
const PathId = Type.String({ maxLength: 64 });

export const ListingIdParams = Type.Object({
  listingId: Type.String({ maxLength: 120, description: 'A listing id or its slug' }),
});
export const DraftIdParams = Type.Object({ draftId: PathId });
export const JobIdParams = Type.Object({ jobId: PathId });
export const MediaIdParams = Type.Object({ mediaId: PathId });
export const ReservationIdParams = Type.Object({ reservationId: PathId });
export const ConversationIdParams = Type.Object({ conversationId: PathId });
export const NotificationIdParams = Type.Object({ notificationId: PathId });
export const UserIdParams = Type.Object({ userId: PathId });
export const AdminUserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });
export const OAuthUrlQuery = Type.Object({
  invitation_code: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'A beta invitation for the account this sign-in may create (required while sign-up is invite-only)',
    }),
  ),
});
export const FlagParams = Type.Object({ flag: Type.String({ maxLength: 64 }) });
export const PreOrderIdParams = Type.Object({ preOrderId: PathId });

const Locale = Type.String({ maxLength: 35 });
const Surface = Type.String({ maxLength: 64 });

export const LocaleQuery = Type.Object({ locale: Type.Optional(Locale) });

export const ListingQuery = Type.Object({
  locale: Type.Optional(Locale),
  share: Type.Optional(Type.String({ maxLength: 16, description: 'The code of the share link followed' })),
  surface: Type.Optional(Surface),
});

export const EditListingRequest = Type.Object({
  title: Type.Optional(OneLine({ minLength: LISTING_TITLE_MIN_LENGTH, maxLength: LISTING_TITLE_MAX_LENGTH })),
  description: Type.Optional(
    Type.String({ minLength: LISTING_DESCRIPTION_MIN_LENGTH, maxLength: LISTING_DESCRIPTION_MAX_LENGTH }),
  ),
  tags: Type.Optional(
    Type.Array(OneLine({ minLength: 1, maxLength: LISTING_TAG_MAX_LENGTH }), {
      maxItems: LISTING_MAX_TAGS,
    }),
  ),
  category: Type.Optional(Type.Enum([...LISTING_CATEGORIES])),
  visibility: Type.Optional(Type.Enum([...VISIBILITIES])),
  media_ids: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: LISTING_MAX_PHOTOS,
      description:
        'The photos to show, in order: ids of your own uploaded images (replaces the list; [] removes them all)',
    }),
  ),
});
export type EditListingRequest = Type.Static<typeof EditListingRequest>;

export const RepublishRequest = Type.Object({
  licence: Type.Optional(
    Type.Object(
      { accepted: Type.Literal(true), version: OneLine({ maxLength: 32 }) },
      { description: 'Needed only when the owner licence changed since the listing was published' },
    ),
  ),
});
export type RepublishRequest = Type.Static<typeof RepublishRequest>;

export const SurfaceQuery = Type.Object({ surface: Type.Optional(Surface) });
export const SaveResult = Type.Object({ saved: Type.Boolean(), saves: Type.Integer() });
export type SaveResult = Type.Static<typeof SaveResult>;

export const CancelReservationQuery = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: CANCELLATION_REASON_MAX_LENGTH })),
});

export const UploadQuery = Type.Object({
  draft_id: Type.Optional(Type.String({ format: 'uuid' })),
  repair: Type.Optional(
    Type.Boolean({
      description:
        'Repair what a strict read refuses as recoverable (details.recoverable on the refusal) instead of refusing',
    }),
  ),
});
export const UploadResponse = Type.Object({ upload: Upload });
export type UploadResponse = Type.Static<typeof UploadResponse>;

export const VerifyQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });

/** What an identity provider sends back to the callback; other parameters are passed on as they are. */
export const OAuthCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 4096 })),
    error: Type.Optional(Type.String({ maxLength: 4096 })),
    error_description: Type.Optional(Type.String({ maxLength: 4096 })),
    iss: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: Type.String({ maxLength: 4096 }) },
);

export const ChangePasswordResponse = Type.Object({
  ok: Type.Literal(true),
  sessions_revoked: Type.Integer(),
});

export const LivezResponse = Type.Object({ status: Type.Literal('alive') });

export const ProductEventsConfigResponse = Type.Object({
  events: Type.Record(Type.String(), Type.Unknown()),
});

export const IngestEventsRequest = Type.Object({
  consent: Type.Enum([...CONSENT_STATES]),
  events: Type.Array(
    Type.Object({
      name: OneLine({ minLength: 1, maxLength: 64 }),
      properties: Type.Record(Type.String(), Type.Unknown()),
      occurred_at: Type.Optional(Type.String({ format: 'date-time' })),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});
export type IngestEventsRequest = Type.Static<typeof IngestEventsRequest>;
export const IngestEventsResponse = Type.Object({ accepted: Type.Integer(), dropped: Type.Integer() });

/** The visitor's answer to the analytics consent question, given or withdrawn. */
export const AnalyticsConsentRequest = Type.Object({ consent: Type.Enum(['granted', 'denied']) });
export type AnalyticsConsentRequest = Type.Static<typeof AnalyticsConsentRequest>;
/** The consent now stored, and where: on the signed-in account or on the visitor session. */
export const AnalyticsConsentResponse = Type.Object({
  consent: Type.Enum(['granted', 'denied']),
  stored_on: Type.Enum(['account', 'visitor_session']),
  changed: Type.Boolean(),
});
export type AnalyticsConsentResponse = Type.Static<typeof AnalyticsConsentResponse>;

export const ClientErrorReport = Type.Object({
  kind: Type.Enum(['crash', 'request']),
  message: Type.String({ maxLength: 500 }),
  stack: Type.Optional(Type.String({ maxLength: 4000 })),
  route: Type.Optional(OneLine({ maxLength: 300 })),
  correlation_id: Type.Optional(Type.Union([OneLine({ maxLength: 128 }), Type.Null()])),
  code: Type.Optional(OneLine({ maxLength: 64 })),
  status: Type.Optional(Type.Integer()),
  release: Type.Optional(OneLine({ maxLength: 64 })),
});
export type ClientErrorReport = Type.Static<typeof ClientErrorReport>;

export const Accepted = Type.Object({ ok: Type.Literal(true) });

export const DevMailboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) });
export const DevMailboxResponse = Type.Object({
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      html: Type.String(),
      created_at: Type.String(),
    }),
  ),
});
export type DevMailboxResponse = Type.Static<typeof DevMailboxResponse>;

/** Pages served as HTML (not API operations): a shared listing link and its share code. */
export const SlugParams = Type.Object({ slug: Type.String({ maxLength: 120 }) });
export const ShareLinkQuery = Type.Object({ s: Type.Optional(Type.String({ maxLength: 16 })) });

/** A provider's form-post return (Apple): url-encoded fields, all optional; `user` is Apple's first-sign-in name. */
export const OAuthFormCallbackBody = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 4096 })),
    error: Type.Optional(Type.String({ maxLength: 4096 })),
    iss: Type.Optional(Type.String({ maxLength: 4096 })),
    user: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: Type.String({ maxLength: 4096 }) },
);
