/**
 * Every per-request limit's numbers, in one table. Config's own file: the configuration takes the
 * defaults of its tunable limits from it (REGISTRATIONS_PER_IP_PER_HOUR and the like), and the
 * modules enforce the rest with platform/rate-limits.ts. Plain data, no imports.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface LimitRule {
  /** Events allowed per key in one fixed window. */
  limit: number;
  windowMs: number;
}

/**
 * Every per-request limit in one place (the per-user job budget is JOB_RATE_PER_USER_PER_HOUR in
 * config, because operations tune it). Each answers 429 RATE_LIMITED with Retry-After.
 */
export const RATE_LIMITS = {
  /**
   * Sign-in attempts per (account, address) pair (the account by user id, or by the typed
   * identifier when it matches no account): someone guessing from one address is stopped there,
   * and the owner signing in from anywhere else is not.
   */
  loginAttemptsPerAccountAndIp: { limit: 5, windowMs: 15 * MINUTE },
  /** Sign-in attempts per address across all accounts (password spraying from one address). */
  loginAttemptsPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins per account from every address: past this count each further attempt on the
   * account waits before it is checked (see SIGN_IN_SLOWDOWN); it is never refused for it.
   */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Old-password checks when changing the password. */
  passwordChecksPerUser: { limit: 10, windowMs: 15 * MINUTE },
  /** Verification and reset emails: one per interval per normalised address (the spec's limit). */
  emailRequestsPerAddress: { limit: 1, windowMs: 5 * MINUTE },
  /**
   * Verification and reset emails asked for from one client address, whatever addresses they name
   * (one address asking for every account's reset). Counted on every request, so it is answered
   * (429) without saying anything about the accounts.
   */
  emailRequestsPerIp: { limit: 20, windowMs: HOUR },
  /**
   * Account emails (verification, reset) that actually go to one account, however they were asked
   * for. Counted only when an email would go, so past it nothing is sent and the answer stays the
   * same (a refusal would tell that the account exists).
   */
  accountEmailsPerAccount: { limit: 6, windowMs: 24 * HOUR },
  /**
   * Account emails sent across the service: the default of ACCOUNT_EMAILS_PER_HOUR (the mail
   * provider's quota and reputation are one for everyone). Past it nothing is sent, answered alike.
   */
  accountEmailsPerService: { limit: 1000, windowMs: HOUR },
  /**
   * Each registration costs an argon2 hash (19 MiB, two passes). The limit is the default of
   * REGISTRATIONS_PER_IP_PER_HOUR, which load and browser tests raise (they sign up from one address).
   */
  registrationsPerIp: { limit: 30, windowMs: HOUR },
  /** Each upload is read and checked by the mesher or re-encoded by sharp. */
  uploadsPerUser: { limit: 60, windowMs: HOUR },
  /** Conversations opened by one account, in an hour and in a day. */
  supportPerAccount: { limit: 10, windowMs: HOUR },
  supportPerAccountPerDay: { limit: 30, windowMs: 24 * HOUR },
  /** Conversations opened from one client address, with an account or without. */
  supportPerIp: { limit: 60, windowMs: HOUR },
  /** Conversations opened without an account, per visitor session and per client address. */
  anonymousSupportPerVisitor: { limit: 5, windowMs: HOUR },
  anonymousSupportPerIp: { limit: 20, windowMs: HOUR },
  /** Follow-up messages per requester (account, visitor session, or signed link) ... */
  supportRepliesPerRequester: { limit: 30, windowMs: HOUR },
  /** ... and, without an account, per client address. */
  anonymousSupportRepliesPerIp: { limit: 60, windowMs: HOUR },
  /** Share links made per person, visitor session, or client address without either. */
  sharesPerViewer: { limit: 30, windowMs: HOUR },
  /** Crash and error reports from apps. */
  clientErrorReports: { limit: 60, windowMs: 10 * MINUTE },
  /** Interest reservations made or refreshed from one address, across listings. */
  reservationsPerIp: { limit: 30, windowMs: HOUR },
  /** Reservations of one listing from one address (a household may hold a few). */
  reservationsPerIpAndListing: { limit: 5, windowMs: 24 * HOUR },
  /**
   * Visitor sessions made for one address. The limit is the default of
   * VISITOR_SESSIONS_PER_IP_PER_HOUR, which browser and load tests raise.
   */
  visitorSessionsPerIp: { limit: 20, windowMs: HOUR },
  /** Beta feedback per person or visitor session, and per client address. */
  betaFeedbackPerViewer: { limit: 20, windowMs: HOUR },
  betaFeedbackPerIp: { limit: 60, windowMs: HOUR },
  /** Invitation codes tried per person (codes are not guessable, and this keeps it so). */
  betaRedeemsPerUser: { limit: 10, windowMs: HOUR },
  /** Account exports per person: each reads everything the account holds. */
  accountExportsPerUser: { limit: 10, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;
