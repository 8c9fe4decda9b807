/**
 * How long the text people type may be, and how many tags a listing takes: the request schemas
 * validate with these, and the app's forms check and limit their fields with the same numbers.
 */

/** A listing's title and description (publishing a draft, editing a listing). */
export const LISTING_TITLE_MIN_LENGTH = 3;
export const LISTING_TITLE_MAX_LENGTH = 120;
export const LISTING_DESCRIPTION_MIN_LENGTH = 10;
export const LISTING_DESCRIPTION_MAX_LENGTH = 5000;
/** A listing's tags: at most this many, each at most this long. */
export const LISTING_MAX_TAGS = 12;
export const LISTING_TAG_MAX_LENGTH = 32;

/** A draft's working name, and the words of a Mode B prompt. */
export const DRAFT_TITLE_MAX_LENGTH = 120;
export const DRAFT_PROMPT_MIN_LENGTH = 3;
export const DRAFT_PROMPT_MAX_LENGTH = 500;

/** Why a reservation was cancelled, kept on its record. */
export const CANCELLATION_REASON_MAX_LENGTH = 500;

/** A support conversation's first message. */
export const SUPPORT_SUBJECT_MIN_LENGTH = 3;
export const SUPPORT_SUBJECT_MAX_LENGTH = 160;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** At most this many files per support message, and per conversation. */
export const SUPPORT_ATTACHMENTS_PER_MESSAGE = 5;
export const SUPPORT_ATTACHMENTS_PER_CONVERSATION = 20;
