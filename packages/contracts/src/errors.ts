/**
 * The catalogue of error codes the API can answer with, each with its HTTP status and a default
 * message a person can read. Server, SDK and app share it; codes are stable once published.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or invalid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNAUTHENTICATED: { status: 401, message: 'Sign in to continue.' },
  INVALID_CREDENTIALS: {
    status: 401,
    message: 'That username or email and password do not match an account.',
  },
  INVALID_TOKEN: { status: 401, message: 'This sign-in has expired or is no longer valid. Sign in again.' },
  SESSION_REVOKED: { status: 401, message: 'This session was ended. Sign in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  ORIGIN_REJECTED: { status: 403, message: 'This request came from a site that is not allowed.' },
  PHASE_CLOSED: { status: 403, message: 'This capability is not open in the current delivery phase.' },
  FEATURE_DISABLED: { status: 403, message: 'This feature is switched off right now.' },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: 'Sign in again to confirm it is you, then try again.',
  },
  NOT_FOUND: { status: 404, message: 'Nothing was found here.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this address.' },
  CONFLICT: { status: 409, message: 'This conflicts with something that already exists.' },
  ACCOUNT_EXISTS: { status: 409, message: 'An account with this username or email already exists.' },
  OAUTH_ACCOUNT_CONFLICT: {
    status: 409,
    message:
      'An account with this email already exists. Sign in with your password first, then link this provider.',
  },
  INVITATION_UNAVAILABLE: {
    status: 409,
    message: 'This invitation code cannot be used: it is unknown, expired, withdrawn or used up.',
  },
  INVITATION_REQUIRED: {
    status: 403,
    message: 'Sign-up is by invitation during the private beta: enter your invitation code.',
  },
  INVALID_STATE: { status: 409, message: 'This cannot be done in the current state.' },
  OWN_LISTING: { status: 409, message: 'This is your own design: interest is for other people’s listings.' },
  NOT_INVITED: { status: 409, message: 'This reservation has not been invited to pre-order.' },
  INVITATION_EXPIRED: { status: 409, message: 'This pre-order invitation has expired.' },
  ALREADY_INVITED: { status: 409, message: 'This reservation has already been invited to pre-order.' },
  CAP_REACHED: { status: 409, message: 'This design has no pre-order places left.' },
  PREORDER_LIMIT_REACHED: { status: 409, message: 'You hold as many pre-orders as one person may.' },
  CARD_NOT_VERIFIED: {
    status: 409,
    message: 'Your card has not been verified yet. Finish adding it, then confirm.',
  },
  PAYMENT_WEBHOOK_UNAVAILABLE: {
    status: 503,
    message: 'The payment event could not be stored. The provider will send it again.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The address or the headers of this request are too long.' },
  GATE_NOT_MET: { status: 422, message: 'A required gate has not been met.' },
  INVALID_UPLOAD: { status: 422, message: 'This file cannot be used.' },
  KIT_NOT_READY: { status: 422, message: 'This draft has no valid block kit yet. Build the kit first.' },
  OUTSIDE_UK: { status: 422, message: 'Pre-orders are open in the United Kingdom only.' },
  ACKNOWLEDGEMENT_STALE: {
    status: 422,
    message: 'Read and accept the pre-order terms again: your acknowledgement is too old or out of date.',
  },
  USE_CASE_BLOCKED: { status: 422, message: 'This use is not allowed for block kits.' },
  NO_DESIGN: { status: 422, message: 'No design in the library is called that yet.' },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    message: 'The webhook signature is missing, invalid or too old.',
  },
  INVALID_LINK: { status: 400, message: 'This link is invalid, already used or expired. Ask for a new one.' },
  OAUTH_FAILED: { status: 400, message: 'Signing in with that provider did not complete. Try again.' },
  WRONG_PASSWORD: { status: 400, message: 'Your current password is not right.' },
  WEAK_PASSWORD: { status: 400, message: 'Choose a password of at least 10 characters.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again later.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side.' },
  AUDIT_UNAVAILABLE: {
    status: 503,
    message: 'This change could not be recorded safely, so it was not made. Try again shortly.',
  },
  DEPENDENCY_UNAVAILABLE: { status: 503, message: 'A service we depend on is unavailable.' },
  PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The sign-in provider is not reachable right now. Try again shortly.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Codes raised only by the client library, never sent by the server. */
export const CLIENT_ERROR_CODES = ['OAUTH_REDIRECT', 'NO_REFRESH_TOKEN', 'NETWORK_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, value);
}
