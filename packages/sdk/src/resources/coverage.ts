/**
 * Which SDK method calls each operation of the API. Typed so that an operation added to the
 * contracts without an SDK method, or an entry naming a method the client does not have, fails
 * the typecheck; test/resources.test.ts calls every entry and checks the request it sends, so the
 * table cannot name the wrong method either.
 */
import type { NOT_CALLED_BY_CLIENTS, OperationName } from '@kitwright/contracts/operations';
import type { KitwrightClient } from '../client';

/** The client's resources (and `auth`), whose methods call the API. */
export type ResourceName =
  | 'auth'
  | 'listings'
  | 'gallery'
  | 'interest'
  | 'drafts'
  | 'jobs'
  | 'media'
  | 'me'
  | 'support'
  | 'beta'
  | 'config'
  | 'analytics'
  | 'clientErrors'
  | 'health'
  | 'admin'
  | 'preorders'
  | 'checkout'
  | 'devMailbox';

type MethodsOf<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown ? `${Prefix}.${K}` : never;
}[keyof T & string];

/** "resource.method" for every method of the client's resources, e.g. "interest.reserve". */
export type SdkMethod = { [R in ResourceName]: MethodsOf<KitwrightClient[R], R> }[ResourceName];

/** The method a "resource.method" name stands for. */
export type SdkMethodAt<P extends SdkMethod> = P extends `${infer R extends ResourceName}.${infer M}`
  ? M extends keyof KitwrightClient[R]
    ? KitwrightClient[R][M]
    : never
  : never;

type ListedAsNotCalled = keyof typeof NOT_CALLED_BY_CLIENTS;

/**
 * The operations no client calls: the keys of NOT_CALLED_BY_CLIENTS. The contracts type that table
 * as Partial<Record<OperationName, string>>, whose keys are every name, so while they do the names
 * are repeated here (the test checks them against the table's runtime keys); once the table keeps
 * its literal keys (`as const satisfies …`) they are taken from it.
 */
export type NotCalledByClients = OperationName extends ListedAsNotCalled
  ? 'oauthFormCallback' | 'paymentWebhook'
  : ListedAsNotCalled;

export type CoveredOperation = Exclude<OperationName, NotCalledByClients>;

export const SDK_METHODS = {
  health: 'health.health',
  livez: 'health.livez',
  readyz: 'health.readyz',
  metrics: 'health.metrics',
  appShell: 'config.appShell',
  translationsConfig: 'config.translations',
  productEventsConfig: 'config.productEvents',
  ingestEvents: 'analytics.ingest',
  setAnalyticsConsent: 'analytics.setConsent',
  reportClientError: 'clientErrors.report',

  register: 'auth.register',
  login: 'auth.login',
  refresh: 'auth.refresh',
  logout: 'auth.logout',
  verifyEmail: 'auth.verifyEmail',
  resendVerification: 'auth.resendVerification',
  forgotPassword: 'auth.forgotPassword',
  resetPassword: 'auth.resetPassword',
  changePassword: 'auth.changePassword',
  me: 'auth.fetchUser',
  startVisitorSession: 'auth.startVisitorSession',
  oauthUrl: 'auth.getOAuthUrl',
  oauthCallback: 'auth.handleOAuthCallback',

  uploadMedia: 'media.upload',
  getMedia: 'media.get',
  mediaContent: 'media.content',
  createDraft: 'drafts.create',
  listDrafts: 'drafts.list',
  getDraft: 'drafts.get',
  updateDraft: 'drafts.update',
  deleteDraft: 'drafts.delete',
  startModelJob: 'drafts.startModelJob',
  startBlockKitJob: 'drafts.startBlockKitJob',
  publishDraft: 'drafts.publish',
  getJob: 'jobs.get',
  retryJob: 'jobs.retry',
  cancelJob: 'jobs.cancel',

  searchGallery: 'gallery.search',
  getListing: 'listings.get',
  editListing: 'listings.edit',
  unpublishListing: 'listings.unpublish',
  republishListing: 'listings.republish',
  deleteListing: 'listings.delete',
  saveListing: 'listings.save',
  unsaveListing: 'listings.unsave',
  shareListing: 'listings.share',
  reserveInterest: 'interest.reserve',
  listReservations: 'interest.list',
  cancelReservation: 'interest.cancel',

  dashboard: 'me.dashboard',
  listNotifications: 'me.notifications',
  readNotification: 'me.readNotification',
  exportAccount: 'me.exportData',
  deleteAccount: 'auth.deleteAccount',

  createSupportConversation: 'support.create',
  listSupportConversations: 'support.list',
  getSupportConversation: 'support.get',
  replySupportConversation: 'support.reply',
  updateSupportConversation: 'support.update',
  listSupportTickets: 'support.queue',
  getSupportTicket: 'support.ticket',
  replySupportTicket: 'support.answer',
  updateSupportTicket: 'support.change',
  listSupportStaff: 'support.staff',

  listFlags: 'admin.flags',
  setFlag: 'admin.setFlag',
  getPhase: 'admin.phase',
  recordGate: 'admin.recordGate',
  decidePhase: 'admin.decidePhase',
  changeRole: 'admin.changeRole',
  listErrors: 'admin.errors',
  jobQueueHealth: 'admin.jobQueueHealth',
  reviewDemand: 'admin.demand',
  demandByListing: 'admin.demandByListing',
  exportDemand: 'admin.exportDemand',
  qualifyReservation: 'admin.qualifyReservation',
  listIncidents: 'admin.incidents',
  getIncident: 'admin.incident',
  updateIncident: 'admin.updateIncident',
  listModerationQueue: 'admin.moderationQueue',
  getModerationItem: 'admin.moderationItem',
  decideModeration: 'admin.decideModeration',
  founderDashboard: 'admin.beta',
  exportFounderTable: 'admin.exportBeta',

  submitBetaFeedback: 'beta.feedback',
  redeemBetaInvitation: 'beta.redeem',
  myBeta: 'beta.me',
  listBetaFeedback: 'beta.listFeedback',
  createBetaCohort: 'beta.createCohort',
  listBetaCohorts: 'beta.cohorts',
  createBetaInvitations: 'beta.createInvitations',
  listBetaInvitations: 'beta.invitations',
  revokeBetaInvitation: 'beta.revokeInvitation',
  createBetaSession: 'beta.createSession',
  listBetaSessions: 'beta.sessions',
  getBetaSession: 'beta.session',
  updateBetaSession: 'beta.updateSession',
  betaLearningReview: 'beta.learningReview',

  getDesignerTerms: 'preorders.designerTerms',
  acceptDesignerTerms: 'preorders.acceptDesignerTerms',
  withdrawDesignerTerms: 'preorders.withdrawDesignerTerms',
  getPreorderCaps: 'preorders.caps',
  setPreorderCaps: 'preorders.setCaps',
  invitePreorder: 'preorders.invite',
  createSetupIntent: 'checkout.createSetupIntent',
  confirmCheckout: 'checkout.confirm',
  listPreorders: 'preorders.list',
  cancelPreorder: 'preorders.cancel',

  devMailboxMessages: 'devMailbox.messages',
} as const satisfies Record<CoveredOperation, SdkMethod>;
