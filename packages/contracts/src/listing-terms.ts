/**
 * Listing vocabulary shared by publishing, the gallery and the app: categories, visibility, the
 * owner licence and the safety questions a publisher answers.
 */
export const LISTING_CATEGORIES = [
  'furniture',
  'decor',
  'garden',
  'architecture',
  'vehicles',
  'animals',
  'characters',
  'storage',
  'art',
  'other',
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * Where a listing is in its owner's hands: published (shown as its visibility and moderation allow),
 * unpublished (only its owner and staff see it; republishing runs the automatic checks again) or
 * deleted (gone: only a tombstone stays, so reservations and records keep a name to show).
 */
export const LISTING_STATES = ['published', 'unpublished', 'deleted'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** How many photos of their own an owner may show on a listing. */
export const LISTING_MAX_PHOTOS = 8;

/**
 * The version of the user-generated-content licence text a publisher accepts. The owner keeps
 * ownership; the platform receives only the limited licence to host, process, translate,
 * moderate, display and validate. Bump when the text changes: publishers must accept it again.
 */
export const UGC_LICENCE_VERSION = '2026-11-01';

/** Safety answers a publisher gives; any "true" on a risk question keeps the listing from publishing. */
export const SAFETY_QUESTIONS = [
  'intended_for_children',
  'bears_loads_or_people',
  'contains_electrics',
  'used_outdoors_in_water',
] as const;
export type SafetyQuestion = (typeof SAFETY_QUESTIONS)[number];

export const DRAFT_STAGES = ['created', 'model_ready', 'kit_ready', 'published'] as const;
export type DraftStage = (typeof DRAFT_STAGES)[number];
/** How a draft starts: A from an uploaded model, B from a prompt. */
export const DRAFT_MODES = ['A', 'B'] as const;
export type DraftMode = (typeof DRAFT_MODES)[number];
/** Whether a draft's block kit passed its checks (`pending` until the kit job has run). */
export const VALIDATION_STATES = ['pending', 'valid', 'invalid'] as const;
export type ValidationState = (typeof VALIDATION_STATES)[number];

/**
 * The version of the interest-reservation disclaimer a visitor accepts when reserving: interest
 * is non-binding, nothing is bought, and no money is asked for. Bump when its text changes.
 */
export const RESERVATION_DISCLAIMER_VERSION = '2026-11-01';
export const RESERVATION_MAX_QUANTITY = 5;

export const SHARE_CHANNELS = [
  'copy_link',
  'native',
  'email',
  'x',
  'facebook',
  'whatsapp',
  'pinterest',
  'other',
] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export const GALLERY_SORTS = [
  'relevance',
  'newest',
  'most_viewed',
  'most_saved',
  'most_reserved',
  'fewest_parts',
] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export const SUPPORT_CATEGORIES = [
  'question',
  'bug',
  'report_listing',
  'account',
  'reservation',
  'feedback',
  'appeal',
  'other',
] as const;

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/**
 * What a requester may say of their own conversation. High and urgent put it ahead of everyone
 * else's in the queue: staff set those (and a listing report arrives high).
 */
export const SUPPORT_REQUESTER_PRIORITIES = ['low', 'normal'] as const satisfies ReadonlyArray<
  (typeof SUPPORT_PRIORITIES)[number]
>;

/**
 * Why a listing is reported (category `report_listing`): intellectual property, safety, offensive
 * or illegal content, spam, or something else.
 */
export const REPORT_REASONS = [
  'intellectual_property',
  'safety',
  'offensive_or_illegal',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * A listing's moderation state. Only `approved` is public; `hidden` is out of view while reports or
 * a moderator's decision are reviewed, `changes_requested` waits for the owner's edit.
 */
export const MODERATION_STATES = ['pending', 'approved', 'rejected', 'hidden', 'changes_requested'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** What a moderator decides about a listing (docs/decisions.md has the state machine). */
export const MODERATION_ACTIONS = ['approve', 'reject', 'hide', 'restore', 'request_changes'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Why a listing waits in the moderation queue, from least to most pressing. */
export const MODERATION_QUEUE_KINDS = ['review', 'reported', 'hidden_by_reports', 'appealed'] as const;
export type ModerationQueueKind = (typeof MODERATION_QUEUE_KINDS)[number];

/** An interest reservation is held until its reserver (or erasure) cancels it. */
export const RESERVATION_STATUSES = ['active', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** ISO 3166-1 alpha-2 codes accepted as a reservation's jurisdiction. */
export const JURISDICTIONS = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
