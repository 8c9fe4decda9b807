/** The support desk: following up on a conversation, and the staff queue and ticket. */
import Type from 'typebox';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../listing-terms';
import { SUPPORT_ATTACHMENTS_PER_MESSAGE, SUPPORT_MESSAGE_MAX_LENGTH } from '../text-limits';
import { OneLine, PageQuery } from './common';
import { SupportConversation, SupportMessage } from './discover';
import { PersonRef } from './listing';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const UploadId = Type.String({ format: 'uuid' });

export const SUPPORT_STATUSES = [
  'open',
  'waiting_on_staff',
  'waiting_on_requester',
  'resolved',
  'closed',
] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_SLA_STATES = ['due', 'overdue', 'met', 'breached'] as const;
export const SUPPORT_LINK_TYPES = ['bug', 'order', 'preorder'] as const;
export type SupportLinkType = (typeof SUPPORT_LINK_TYPES)[number];
export const SUPPORT_RESPONSE_BUCKETS = ['under_1h', 'under_4h', 'same_day', 'next_day', 'later'] as const;
export type SupportResponseBucket = (typeof SUPPORT_RESPONSE_BUCKETS)[number];
/** The assignee list names at most this many people (a support team, not a user directory). */
export const SUPPORT_STAFF_LIST_MAX = 500;
/** A conversation holds at most this many messages (notes included); past it, open a new one. */
export const SUPPORT_MESSAGES_PER_CONVERSATION = 200;

export const SupportTokenQuery = Type.Object({
  token: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'The signed link token from a support email (anonymous requesters); the `x-support-token` header works too',
    }),
  ),
});

export const SupportReplyRequest = Type.Object({
  message: Type.String({ minLength: 1, maxLength: SUPPORT_MESSAGE_MAX_LENGTH }),
  attachments: Type.Optional(
    Type.Array(UploadId, {
      maxItems: SUPPORT_ATTACHMENTS_PER_MESSAGE,
      uniqueItems: true,
      description:
        'Ids of your uploads (POST /api/media/uploads: images and model files, checked like any upload)',
    }),
  ),
});

export const SupportUpdateRequest = Type.Object({
  action: Type.Enum(['close', 'reopen'], {
    description: 'Close (any time until closed), or reopen a resolved conversation within the reopen period',
  }),
});

export const SupportLink = Type.Object({
  type: Type.Enum([...SUPPORT_LINK_TYPES]),
  reference: OneLine({
    minLength: 1,
    maxLength: 200,
    description:
      'A bug tracker key or URL, an order or pre-order id (stored as text: those tables come later)',
  }),
});

export const SupportTicketQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum([...SUPPORT_STATUSES])),
  priority: Type.Optional(Type.Enum([...SUPPORT_PRIORITIES])),
  category: Type.Optional(Type.Enum([...SUPPORT_CATEGORIES])),
  sla: Type.Optional(
    Type.Enum([...SUPPORT_SLA_STATES], {
      description:
        'due / overdue: waiting for a first staff response before / past its due time; met / breached: first answered in / out of time',
    }),
  ),
  assignee: Type.Optional(
    Type.String({
      pattern:
        '^(me|unassigned|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
      description: '`me`, `unassigned`, or a staff user id',
    }),
  ),
  requester_user_id: Type.Optional(Type.String({ format: 'uuid' })),
  resource_type: Type.Optional(Type.Enum(['listing', 'reservation', 'draft', 'job'])),
  resource_id: Type.Optional(Type.String({ maxLength: 64 })),
  min_age_hours: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, description: 'Opened at least this long ago' }),
  ),
  max_age_hours: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, description: 'Opened at most this long ago' }),
  ),
  sort: Type.Optional(
    Type.Enum(['due', 'created', 'updated'], {
      description: 'due: first-response due time, soonest first (default); created / updated: newest first',
    }),
  ),
});

export const StaffSupportMessage = Type.Object({
  ...SupportMessage.properties,
  internal: Type.Boolean({ description: 'A staff note the requester never sees' }),
  author: Nullable(PersonRef),
});

export const SupportTicket = Type.Object({
  ...SupportConversation.properties,
  messages: Type.Array(StaffSupportMessage),
  requester: Type.Object({
    user_id: Nullable(Type.String()),
    visitor: Type.Boolean({ description: 'Opened without an account (a visitor session)' }),
    contact_email: Nullable(Type.String()),
    former_requester_ref: Nullable(
      Type.String({ description: 'The account was erased: its pseudonymous reference' }),
    ),
  }),
  assignee: Nullable(PersonRef),
  sla_state: Nullable(Type.Enum([...SUPPORT_SLA_STATES])),
  first_staff_response_at: Nullable(Type.String()),
  response_time_bucket: Nullable(Type.Enum([...SUPPORT_RESPONSE_BUCKETS])),
  solved_at: Nullable(Type.String()),
  closed_at: Nullable(Type.String()),
  translation_summary: Nullable(Type.String()),
  links: Type.Array(Type.Object({ ...SupportLink.properties, created_at: Type.String() })),
  audit_refs: Type.Array(Type.Integer(), { description: 'audit_log seq of each staff action on it' }),
  message_count: Type.Integer(),
  attachment_count: Type.Integer(),
});
export type SupportTicket = Type.Static<typeof SupportTicket>;

export const SupportTicketPage = Type.Object({
  items: Type.Array(SupportTicket),
  next_cursor: Nullable(Type.String()),
});

/** What staff may see of the requester and what they ask about: never passwords, tokens or hashes. */
export const SupportTicketContext = Type.Object({
  account: Nullable(
    Type.Object({
      id: Type.String(),
      username: Type.String(),
      display_name: Type.String(),
      role: Type.String(),
      roles: Type.Array(Type.String(), { description: 'The role and the roles it includes' }),
      locale: Type.String(),
      email_verified: Type.Boolean(),
      created_at: Type.String(),
    }),
  ),
  listings: Type.Array(
    Type.Object({
      id: Type.String(),
      slug: Type.String(),
      title: Type.String(),
      visibility: Type.String(),
      moderation_state: Type.String(),
      state: Type.String(),
      published_at: Type.String(),
    }),
  ),
  reservations: Type.Array(
    Type.Object({
      id: Type.String(),
      listing_id: Type.String(),
      status: Type.String(),
      quantity: Type.Integer(),
      created_at: Type.String(),
    }),
  ),
  jobs: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      status: Type.String(),
      error_code: Nullable(
        Type.String({ description: 'The safe error code; never a stack or internal message' }),
      ),
      created_at: Type.String(),
      finished_at: Nullable(Type.String()),
    }),
  ),
  resource: Nullable(
    Type.Object({
      type: Type.String(),
      id: Type.String(),
      found: Nullable(Type.Boolean({ description: 'null: this kind of resource is not looked up' })),
      title: Nullable(Type.String()),
      state: Nullable(Type.String()),
      owner_user_id: Nullable(Type.String()),
    }),
  ),
});

export const SupportTicketDetail = Type.Object({
  ...SupportTicket.properties,
  context: SupportTicketContext,
});
export type SupportTicketDetail = Type.Static<typeof SupportTicketDetail>;

/** Everyone a conversation can be assigned to: the staff and the founders, by name. */
export const SupportStaffList = Type.Object({
  items: Type.Array(PersonRef, { maxItems: SUPPORT_STAFF_LIST_MAX }),
});
export type SupportStaffList = Type.Static<typeof SupportStaffList>;

export const StaffReplyRequest = Type.Object({
  message: Type.String({ minLength: 1, maxLength: SUPPORT_MESSAGE_MAX_LENGTH }),
  internal: Type.Optional(
    Type.Boolean({ description: 'A note for staff only, never shown or sent to the requester' }),
  ),
  attachments: SupportReplyRequest.properties.attachments,
});

export const StaffUpdateRequest = Type.Object(
  {
    assignee_id: Type.Optional(
      Nullable(Type.String({ format: 'uuid', description: 'A staff or founder user; null unassigns' })),
    ),
    priority: Type.Optional(Type.Enum([...SUPPORT_PRIORITIES])),
    status: Type.Optional(
      Type.Enum(['waiting_on_staff', 'waiting_on_requester', 'resolved', 'closed'], {
        description: '`open` is only the state of a new, unanswered conversation; closed is final',
      }),
    ),
    category: Type.Optional(Type.Enum([...SUPPORT_CATEGORIES])),
    add_link: Type.Optional(SupportLink),
    remove_link: Type.Optional(SupportLink),
  },
  { minProperties: 1 },
);
