/**
 * Every operation of the HTTP API: its method and path, named once. The server registers exactly
 * these routes (with the schemas of `operation-schemas.ts`) and the SDK calls exactly these, so a
 * path cannot be spelled two ways. This file has no runtime dependencies: clients import it
 * through `@kitwright/contracts/operations` without the schema library.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationRoute {
  method: HttpMethod;
  path: string;
}

export const OPERATIONS = {
  // Operations and public configuration
  health: { method: 'GET', path: '/api/health' },
  livez: { method: 'GET', path: '/api/livez' },
  readyz: { method: 'GET', path: '/api/readyz' },
  metrics: { method: 'GET', path: '/api/metrics' },
  appShell: { method: 'GET', path: '/api/app-shell' },
  translationsConfig: { method: 'GET', path: '/api/config/translations' },
  productEventsConfig: { method: 'GET', path: '/api/config/product-events' },
  ingestEvents: { method: 'POST', path: '/api/analytics/events' },
  setAnalyticsConsent: { method: 'PUT', path: '/api/analytics/consent' },
  reportClientError: { method: 'POST', path: '/api/client-errors' },

  // Accounts (/api/v1)
  register: { method: 'POST', path: '/api/v1/auth/register' },
  login: { method: 'POST', path: '/api/v1/auth/login' },
  refresh: { method: 'POST', path: '/api/v1/auth/refresh' },
  logout: { method: 'POST', path: '/api/v1/auth/logout' },
  verifyEmail: { method: 'GET', path: '/api/v1/auth/verify' },
  resendVerification: { method: 'POST', path: '/api/v1/auth/resend-verification' },
  forgotPassword: { method: 'POST', path: '/api/v1/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/v1/auth/reset-password' },
  changePassword: { method: 'POST', path: '/api/v1/users/:userId/change-password' },
  me: { method: 'GET', path: '/api/v1/users/me' },
  startVisitorSession: { method: 'POST', path: '/api/v1/auth/anonymous' },
  oauthUrl: { method: 'GET', path: '/api/v1/auth/oauth/:provider/url' },
  oauthCallback: { method: 'GET', path: '/api/v1/auth/oauth/:provider/callback' },
  oauthFormCallback: { method: 'POST', path: '/api/v1/auth/oauth/:provider/callback' },

  // Create and publish
  uploadMedia: { method: 'POST', path: '/api/media/uploads' },
  getMedia: { method: 'GET', path: '/api/media/:mediaId' },
  mediaContent: { method: 'GET', path: '/api/media/:mediaId/content' },
  createDraft: { method: 'POST', path: '/api/design-drafts' },
  listDrafts: { method: 'GET', path: '/api/design-drafts' },
  getDraft: { method: 'GET', path: '/api/design-drafts/:draftId' },
  updateDraft: { method: 'PATCH', path: '/api/design-drafts/:draftId' },
  deleteDraft: { method: 'DELETE', path: '/api/design-drafts/:draftId' },
  startModelJob: { method: 'POST', path: '/api/design-drafts/:draftId/model-jobs' },
  startBlockKitJob: { method: 'POST', path: '/api/design-drafts/:draftId/block-kit-jobs' },
  publishDraft: { method: 'POST', path: '/api/design-drafts/:draftId/publish' },
  getJob: { method: 'GET', path: '/api/jobs/:jobId' },
  retryJob: { method: 'POST', path: '/api/jobs/:jobId/retry' },
  cancelJob: { method: 'POST', path: '/api/jobs/:jobId/cancel' },

  // Discover, save, share, reserve
  searchGallery: { method: 'GET', path: '/api/gallery/listings' },
  getListing: { method: 'GET', path: '/api/listings/:listingId' },
  editListing: { method: 'PATCH', path: '/api/listings/:listingId' },
  unpublishListing: { method: 'POST', path: '/api/listings/:listingId/unpublish' },
  republishListing: { method: 'POST', path: '/api/listings/:listingId/republish' },
  deleteListing: { method: 'DELETE', path: '/api/listings/:listingId' },
  saveListing: { method: 'POST', path: '/api/listings/:listingId/save' },
  unsaveListing: { method: 'DELETE', path: '/api/listings/:listingId/save' },
  shareListing: { method: 'POST', path: '/api/listings/:listingId/shares' },
  reserveInterest: { method: 'POST', path: '/api/listings/:listingId/interest' },
  listReservations: { method: 'GET', path: '/api/me/interest-reservations' },
  cancelReservation: { method: 'DELETE', path: '/api/interest-reservations/:reservationId' },

  // Manage
  dashboard: { method: 'GET', path: '/api/me/dashboard' },
  listNotifications: { method: 'GET', path: '/api/me/notifications' },
  readNotification: { method: 'POST', path: '/api/me/notifications/:notificationId/read' },
  exportAccount: { method: 'GET', path: '/api/me/export' },
  deleteAccount: { method: 'DELETE', path: '/api/me' },

  // Support
  createSupportConversation: { method: 'POST', path: '/api/support/conversations' },
  listSupportConversations: { method: 'GET', path: '/api/support/conversations' },
  getSupportConversation: { method: 'GET', path: '/api/support/conversations/:conversationId' },
  replySupportConversation: { method: 'POST', path: '/api/support/conversations/:conversationId/messages' },
  updateSupportConversation: { method: 'PATCH', path: '/api/support/conversations/:conversationId' },
  listSupportTickets: { method: 'GET', path: '/api/admin/support/conversations' },
  getSupportTicket: { method: 'GET', path: '/api/admin/support/conversations/:conversationId' },
  replySupportTicket: { method: 'POST', path: '/api/admin/support/conversations/:conversationId/messages' },
  updateSupportTicket: { method: 'PATCH', path: '/api/admin/support/conversations/:conversationId' },
  listSupportStaff: { method: 'GET', path: '/api/admin/support/staff' },

  // Founder and staff
  listFlags: { method: 'GET', path: '/api/admin/flags' },
  setFlag: { method: 'PUT', path: '/api/admin/flags/:flag' },
  getPhase: { method: 'GET', path: '/api/admin/phase' },
  recordGate: { method: 'POST', path: '/api/admin/phase/gates' },
  decidePhase: { method: 'POST', path: '/api/admin/phase/decisions' },
  changeRole: { method: 'PATCH', path: '/api/admin/users/:userId/role' },
  listErrors: { method: 'GET', path: '/api/admin/errors' },
  jobQueueHealth: { method: 'GET', path: '/api/admin/jobs/health' },
  reviewDemand: { method: 'GET', path: '/api/admin/interest-reservations' },
  demandByListing: { method: 'GET', path: '/api/admin/interest-reservations/by-listing' },
  exportDemand: { method: 'GET', path: '/api/admin/interest-reservations/export.csv' },
  qualifyReservation: { method: 'PATCH', path: '/api/admin/interest-reservations/:reservationId' },
  listIncidents: { method: 'GET', path: '/api/admin/incidents' },
  getIncident: { method: 'GET', path: '/api/admin/incidents/:incidentId' },
  updateIncident: { method: 'PATCH', path: '/api/admin/incidents/:incidentId' },
  listModerationQueue: { method: 'GET', path: '/api/admin/moderation/listings' },
  getModerationItem: { method: 'GET', path: '/api/admin/moderation/listings/:listingId' },
  decideModeration: { method: 'POST', path: '/api/admin/moderation/listings/:listingId/decisions' },
  founderDashboard: { method: 'GET', path: '/api/admin/beta' },
  exportFounderTable: { method: 'GET', path: '/api/admin/beta/export/:table.csv' },

  // Beta programme
  submitBetaFeedback: { method: 'POST', path: '/api/beta/feedback' },
  redeemBetaInvitation: { method: 'POST', path: '/api/beta/invitations/:code/redeem' },
  myBeta: { method: 'GET', path: '/api/me/beta' },
  listBetaFeedback: { method: 'GET', path: '/api/admin/beta/feedback' },
  createBetaCohort: { method: 'POST', path: '/api/admin/beta/cohorts' },
  listBetaCohorts: { method: 'GET', path: '/api/admin/beta/cohorts' },
  createBetaInvitations: { method: 'POST', path: '/api/admin/beta/cohorts/:cohortId/invitations' },
  listBetaInvitations: { method: 'GET', path: '/api/admin/beta/cohorts/:cohortId/invitations' },
  revokeBetaInvitation: { method: 'POST', path: '/api/admin/beta/invitations/:invitationId/revoke' },
  createBetaSession: { method: 'POST', path: '/api/admin/beta/sessions' },
  listBetaSessions: { method: 'GET', path: '/api/admin/beta/sessions' },
  getBetaSession: { method: 'GET', path: '/api/admin/beta/sessions/:sessionId' },
  updateBetaSession: { method: 'PATCH', path: '/api/admin/beta/sessions/:sessionId' },
  betaLearningReview: { method: 'GET', path: '/api/admin/beta/learning-review' },

  // Phase A.5 (closed in Phase A)
  getDesignerTerms: { method: 'GET', path: '/api/listings/:listingId/designer-terms' },
  acceptDesignerTerms: { method: 'PUT', path: '/api/listings/:listingId/designer-terms' },
  withdrawDesignerTerms: { method: 'DELETE', path: '/api/listings/:listingId/designer-terms' },
  getPreorderCaps: { method: 'GET', path: '/api/admin/listings/:listingId/preorder-caps' },
  setPreorderCaps: { method: 'PUT', path: '/api/admin/listings/:listingId/preorder-caps' },
  invitePreorder: { method: 'POST', path: '/api/interest-reservations/:reservationId/invite-preorder' },
  createSetupIntent: { method: 'POST', path: '/api/checkout/setup-intent' },
  confirmCheckout: { method: 'POST', path: '/api/checkout/confirm' },
  paymentWebhook: { method: 'POST', path: '/api/payment/webhook' },
  listPreorders: { method: 'GET', path: '/api/pre-orders' },
  cancelPreorder: { method: 'DELETE', path: '/api/pre-orders/:preOrderId' },

  // Local only (APP_ENV=local with the outbox email provider)
  devMailboxMessages: { method: 'GET', path: '/dev/mailbox/messages' },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * Operations no client library calls, with the reason: another party calls them (an identity or
 * payment provider), or a client reads them as plain URLs (file bytes, Prometheus text).
 */
export const NOT_CALLED_BY_CLIENTS = {
  oauthFormCallback: 'Apple posts this form; the server forwards the browser to the app',
  paymentWebhook: 'the payment provider calls it, signed',
} as const satisfies Partial<Record<OperationName, string>>;

/** The path of an operation with its parameters filled in (each one URL-encoded). */
export function operationPath(name: OperationName, params: Record<string, string> = {}): string {
  return OPERATIONS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
