/**
 * The schemas of every operation in `operations.ts`: path parameters, query, body, the success
 * responses by status, and the error statuses it may answer with (each in the error envelope).
 * The server validates and documents with these; the SDK types its resource methods with them.
 */
import type Type from 'typebox';
import TypeRuntime from 'typebox';
import type { OperationName } from './operations';
import { AccountExport, DeleteAccountRequest, DeleteAccountResponse } from './schemas/account';
import {
  ChangeRoleRequest,
  ErrorsQuery,
  ErrorsResponse,
  FlagsResponse,
  GateState,
  PhaseDecisionRequest,
  PhaseDecisionResponse,
  PhaseResponse,
  QueueHealth,
  RecordGateRequest,
  SetFlagRequest,
  SetFlagResponse,
} from './schemas/admin';
import {
  Acknowledgement,
  AuthResponse,
  ChangePasswordRequest,
  EmailRequest,
  LoginRequest,
  LogoutRequest,
  OAuthUrlResponse,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
  User,
  VerifyResponse,
  VisitorSessionResponse,
} from './schemas/auth';
import {
  BetaCodeParams,
  BetaCohort,
  BetaCohortIdParams,
  BetaFeedbackPage,
  BetaFeedbackQuery,
  BetaFeedbackReceipt,
  BetaFeedbackRequest,
  BetaInvitation,
  BetaInvitationIdParams,
  BetaInvitationList,
  BetaRedemption,
  BetaSession,
  BetaSessionIdParams,
  BetaSessionPage,
  BetaSessionsQuery,
  CreateBetaCohortRequest,
  CreateBetaInvitationsRequest,
  CreateBetaSessionRequest,
  LearningReview,
  LearningReviewQuery,
  MyBeta,
  UpdateBetaSessionRequest,
} from './schemas/beta';
import { Page, PageQuery } from './schemas/common';
import { CreateDraftRequest, Draft, Job, PublishRequest, UpdateDraftRequest } from './schemas/create';
import {
  DemandByListingResponse,
  DemandExportQuery,
  DemandReservation,
  DemandReviewQuery,
  DemandReviewResponse,
  QualifyReservationRequest,
} from './schemas/demand';
import {
  CancelReservationRequest,
  CreateSupportRequest,
  DashboardResponse,
  GalleryQuery,
  GalleryResponse,
  Notification,
  Reservation,
  ReservationRequest,
  ReservationResult,
  ShareRequest,
  ShareResponse,
  SupportConversation,
} from './schemas/discover';
import { FounderDashboard, FounderExportParams, FounderQuery } from './schemas/founder';
import {
  IncidentDetail,
  IncidentIdParams,
  IncidentsQuery,
  IncidentsResponse,
  UpdateIncidentRequest,
} from './schemas/incidents';
import { ListingDetail } from './schemas/listing';
import {
  ModerationDecisionRequest,
  ModerationItem,
  ModerationListingParams,
  ModerationQueueQuery,
  ModerationQueueResponse,
} from './schemas/moderation';
import {
  AppShellResponse,
  HealthResponse,
  ReadinessResponse,
  TranslationsConfigResponse,
} from './schemas/platform';
import {
  CancelPreorderRequest,
  Checkout,
  ConfirmCheckoutRequest,
  ConfirmCheckoutResponse,
  CreateSetupIntentRequest,
  DesignerTermsRequest,
  DesignerTermsState,
  InvitePreorderRequest,
  ListingIdOnlyParams,
  Preorder,
  PreorderCaps,
  PreorderCapsRequest,
  PreorderInvitation,
  PreorderListQuery,
  PreorderPage,
  WebhookReceipt,
} from './schemas/preorders';
import {
  Accepted,
  AdminUserIdParams,
  AnalyticsConsentRequest,
  AnalyticsConsentResponse,
  CancelReservationQuery,
  ChangePasswordResponse,
  ClientErrorReport,
  ConversationIdParams,
  DevMailboxQuery,
  DevMailboxResponse,
  DraftIdParams,
  EditListingRequest,
  FlagParams,
  IngestEventsRequest,
  IngestEventsResponse,
  JobIdParams,
  ListingIdParams,
  ListingQuery,
  LivezResponse,
  LocaleQuery,
  MediaIdParams,
  NotificationIdParams,
  OAuthCallbackQuery,
  OAuthFormCallbackBody,
  OAuthUrlQuery,
  PreOrderIdParams,
  ProductEventsConfigResponse,
  ProviderParams,
  RepublishRequest,
  ReservationIdParams,
  SaveResult,
  SurfaceQuery,
  UploadQuery,
  UploadResponse,
  UserIdParams,
  VerifyQuery,
} from './schemas/requests';
import {
  StaffReplyRequest,
  StaffUpdateRequest,
  SupportReplyRequest,
  SupportStaffList,
  SupportTicketDetail,
  SupportTicketPage,
  SupportTicketQuery,
  SupportTokenQuery,
  SupportUpdateRequest,
} from './schemas/support';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 431 | 503;

export interface OperationSchema {
  params?: Type.TSchema;
  query?: Type.TSchema;
  body?: Type.TSchema;
  /** Success answers by status: JSON, unless `produces` names another media type. */
  response: Partial<Record<200 | 201 | 202 | 204 | 302 | 303, Type.TSchema>>;
  /** The media type of the success answers when they are not JSON (CSV, metrics text, file bytes). */
  produces?: string;
  errors: readonly ErrorStatus[];
  /** Needs `Authorization: Bearer <access token>`. */
  bearer?: boolean;
  /** The request body is not JSON. */
  consumes?: readonly string[];
}

const Empty = TypeRuntime.Null();
const USER_ERRORS = [400, 401, 403, 404, 409, 422, 429] as const;
const AUTH_ERRORS = [400, 401, 403, 409, 429, 503] as const;
const ADMIN_ERRORS = [401, 403, 404, 409, 422, 503] as const;
const JOB_ERRORS = [401, 403, 404, 409] as const;

export const OPERATION_SCHEMAS = {
  health: { response: { 200: HealthResponse }, errors: [] },
  livez: { response: { 200: LivezResponse }, errors: [] },
  readyz: { response: { 200: ReadinessResponse }, errors: [503] },
  metrics: {
    response: { 200: TypeRuntime.String({ description: 'Prometheus text exposition format' }) },
    produces: 'text/plain; version=0.0.4',
    errors: [401, 403],
    bearer: true,
  },
  appShell: { response: { 200: AppShellResponse }, errors: [] },
  translationsConfig: { response: { 200: TranslationsConfigResponse }, errors: [] },
  productEventsConfig: { response: { 200: ProductEventsConfigResponse }, errors: [] },
  ingestEvents: { body: IngestEventsRequest, response: { 202: IngestEventsResponse }, errors: [400] },
  setAnalyticsConsent: {
    body: AnalyticsConsentRequest,
    response: { 200: AnalyticsConsentResponse },
    // Without an account it makes a visitor session, which one address may not make without end.
    errors: [400, 429, 503],
  },
  reportClientError: { body: ClientErrorReport, response: { 202: Accepted }, errors: [400, 429] },

  register: { body: RegisterRequest, response: { 201: AuthResponse }, errors: AUTH_ERRORS },
  login: { body: LoginRequest, response: { 200: AuthResponse }, errors: AUTH_ERRORS },
  refresh: { body: RefreshRequest, response: { 200: AuthResponse }, errors: AUTH_ERRORS },
  logout: { body: LogoutRequest, response: { 204: Empty }, errors: AUTH_ERRORS },
  verifyEmail: { query: VerifyQuery, response: { 200: VerifyResponse, 302: Empty }, errors: AUTH_ERRORS },
  resendVerification: { body: EmailRequest, response: { 202: Acknowledgement }, errors: AUTH_ERRORS },
  forgotPassword: { body: EmailRequest, response: { 202: Acknowledgement }, errors: AUTH_ERRORS },
  resetPassword: { body: ResetPasswordRequest, response: { 200: Acknowledgement }, errors: AUTH_ERRORS },
  changePassword: {
    params: UserIdParams,
    body: ChangePasswordRequest,
    response: { 200: ChangePasswordResponse },
    errors: AUTH_ERRORS,
    bearer: true,
  },
  me: { response: { 200: User }, errors: AUTH_ERRORS, bearer: true },
  startVisitorSession: {
    response: { 200: VisitorSessionResponse, 201: VisitorSessionResponse },
    errors: [429],
  },
  oauthUrl: {
    params: ProviderParams,
    query: OAuthUrlQuery,
    response: { 200: OAuthUrlResponse },
    errors: [...AUTH_ERRORS, 404],
  },
  oauthCallback: {
    params: ProviderParams,
    query: OAuthCallbackQuery,
    response: { 200: AuthResponse, 302: Empty },
    errors: [...AUTH_ERRORS, 404],
  },
  oauthFormCallback: {
    params: ProviderParams,
    body: OAuthFormCallbackBody,
    response: { 303: Empty },
    errors: [400, 404],
    consumes: ['application/x-www-form-urlencoded'],
  },

  uploadMedia: {
    query: UploadQuery,
    response: { 200: UploadResponse, 201: UploadResponse },
    errors: [400, 401, 404, 413, 415, 422, 429],
    bearer: true,
    consumes: ['multipart/form-data'],
  },
  getMedia: {
    params: MediaIdParams,
    response: { 200: UploadResponse },
    errors: [400, 401, 404],
    bearer: true,
  },
  mediaContent: {
    params: MediaIdParams,
    response: {
      200: TypeRuntime.Unsafe<Uint8Array>({
        type: 'string',
        format: 'binary',
        description: 'The file, as stored',
      }),
    },
    // Sent with the type it was stored with (a picture, a model file): any type, for the document.
    produces: '*/*',
    errors: [404],
  },
  createDraft: { body: CreateDraftRequest, response: { 201: Draft }, errors: USER_ERRORS, bearer: true },
  listDrafts: { query: PageQuery, response: { 200: Page(Draft) }, errors: USER_ERRORS, bearer: true },
  getDraft: { params: DraftIdParams, response: { 200: Draft }, errors: USER_ERRORS, bearer: true },
  updateDraft: {
    params: DraftIdParams,
    body: UpdateDraftRequest,
    response: { 200: Draft },
    errors: USER_ERRORS,
    bearer: true,
  },
  deleteDraft: {
    params: DraftIdParams,
    response: { 204: Empty },
    errors: USER_ERRORS,
    bearer: true,
  },
  startModelJob: {
    params: DraftIdParams,
    response: { 200: Job, 202: Job },
    errors: USER_ERRORS,
    bearer: true,
  },
  startBlockKitJob: {
    params: DraftIdParams,
    response: { 200: Job, 202: Job },
    errors: USER_ERRORS,
    bearer: true,
  },
  publishDraft: {
    params: DraftIdParams,
    body: PublishRequest,
    response: { 201: ListingDetail },
    errors: USER_ERRORS,
    bearer: true,
  },
  getJob: { params: JobIdParams, response: { 200: Job }, errors: JOB_ERRORS, bearer: true },
  // A retry is new work, counted against the person's hourly job budget.
  retryJob: { params: JobIdParams, response: { 200: Job }, errors: [...JOB_ERRORS, 429], bearer: true },
  cancelJob: { params: JobIdParams, response: { 200: Job }, errors: JOB_ERRORS, bearer: true },

  searchGallery: { query: GalleryQuery, response: { 200: GalleryResponse }, errors: [400] },
  getListing: {
    params: ListingIdParams,
    query: ListingQuery,
    response: { 200: ListingDetail },
    errors: USER_ERRORS,
  },
  editListing: {
    params: ListingIdParams,
    body: EditListingRequest,
    response: { 200: ListingDetail },
    errors: USER_ERRORS,
    bearer: true,
  },
  unpublishListing: {
    params: ListingIdParams,
    response: { 200: ListingDetail },
    errors: USER_ERRORS,
    bearer: true,
  },
  republishListing: {
    params: ListingIdParams,
    body: RepublishRequest,
    response: { 200: ListingDetail },
    errors: USER_ERRORS,
    bearer: true,
  },
  deleteListing: {
    params: ListingIdParams,
    response: { 204: Empty },
    errors: USER_ERRORS,
    bearer: true,
  },
  saveListing: {
    params: ListingIdParams,
    query: SurfaceQuery,
    response: { 200: SaveResult },
    errors: USER_ERRORS,
  },
  unsaveListing: {
    params: ListingIdParams,
    query: SurfaceQuery,
    response: { 200: SaveResult },
    errors: USER_ERRORS,
  },
  shareListing: {
    params: ListingIdParams,
    body: ShareRequest,
    response: { 201: ShareResponse },
    errors: USER_ERRORS,
  },
  reserveInterest: {
    params: ListingIdParams,
    body: ReservationRequest,
    response: { 200: ReservationResult, 201: ReservationResult },
    errors: USER_ERRORS,
  },
  listReservations: { query: PageQuery, response: { 200: Page(Reservation) }, errors: USER_ERRORS },
  cancelReservation: {
    params: ReservationIdParams,
    query: CancelReservationQuery,
    body: CancelReservationRequest,
    response: { 200: Reservation },
    errors: USER_ERRORS,
  },

  dashboard: { query: LocaleQuery, response: { 200: DashboardResponse }, errors: [401] },
  listNotifications: {
    response: { 200: TypeRuntime.Object({ items: TypeRuntime.Array(Notification) }) },
    errors: [401],
    bearer: true,
  },
  readNotification: {
    params: NotificationIdParams,
    response: { 204: Empty },
    errors: [401, 404],
    bearer: true,
  },

  exportAccount: {
    response: { 200: AccountExport },
    errors: [401, 429],
    bearer: true,
  },
  deleteAccount: {
    body: DeleteAccountRequest,
    response: { 200: DeleteAccountResponse },
    errors: [400, 401, 403, 409, 429, 503],
    bearer: true,
  },

  createSupportConversation: {
    body: CreateSupportRequest,
    response: { 201: SupportConversation },
    errors: [400, 401, 404, 429],
  },
  listSupportConversations: {
    query: PageQuery,
    response: { 200: Page(SupportConversation) },
    errors: [400, 401, 404, 429],
  },
  getSupportConversation: {
    params: ConversationIdParams,
    query: SupportTokenQuery,
    response: { 200: SupportConversation },
    errors: [400, 401, 404, 429],
  },
  replySupportConversation: {
    params: ConversationIdParams,
    query: SupportTokenQuery,
    body: SupportReplyRequest,
    response: { 201: SupportConversation },
    errors: [400, 401, 404, 409, 429],
  },
  updateSupportConversation: {
    params: ConversationIdParams,
    query: SupportTokenQuery,
    body: SupportUpdateRequest,
    response: { 200: SupportConversation },
    errors: [400, 401, 404, 409, 429],
  },
  listSupportTickets: {
    query: SupportTicketQuery,
    response: { 200: SupportTicketPage },
    errors: [400, 401, 403],
    bearer: true,
  },
  getSupportTicket: {
    params: ConversationIdParams,
    response: { 200: SupportTicketDetail },
    errors: [400, 401, 403, 404],
    bearer: true,
  },
  replySupportTicket: {
    params: ConversationIdParams,
    body: StaffReplyRequest,
    response: { 201: SupportTicketDetail },
    errors: [400, 401, 403, 404, 409, 503],
    bearer: true,
  },
  updateSupportTicket: {
    params: ConversationIdParams,
    body: StaffUpdateRequest,
    response: { 200: SupportTicketDetail },
    errors: [400, 401, 403, 404, 409, 503],
    bearer: true,
  },
  listSupportStaff: { response: { 200: SupportStaffList }, errors: [401, 403], bearer: true },

  listFlags: { response: { 200: FlagsResponse }, errors: ADMIN_ERRORS, bearer: true },
  setFlag: {
    params: FlagParams,
    body: SetFlagRequest,
    response: { 200: SetFlagResponse },
    errors: ADMIN_ERRORS,
    bearer: true,
  },
  getPhase: { response: { 200: PhaseResponse }, errors: ADMIN_ERRORS, bearer: true },
  recordGate: { body: RecordGateRequest, response: { 201: GateState }, errors: ADMIN_ERRORS, bearer: true },
  decidePhase: {
    body: PhaseDecisionRequest,
    response: { 200: PhaseDecisionResponse },
    errors: ADMIN_ERRORS,
    bearer: true,
  },
  changeRole: {
    params: AdminUserIdParams,
    body: ChangeRoleRequest,
    response: { 200: User },
    errors: ADMIN_ERRORS,
    bearer: true,
  },
  listErrors: { query: ErrorsQuery, response: { 200: ErrorsResponse }, errors: [401, 403], bearer: true },
  jobQueueHealth: { response: { 200: QueueHealth }, errors: JOB_ERRORS, bearer: true },
  reviewDemand: {
    query: DemandReviewQuery,
    response: { 200: DemandReviewResponse },
    errors: [400, 401, 403],
    bearer: true,
  },
  demandByListing: {
    query: DemandReviewQuery,
    response: { 200: DemandByListingResponse },
    errors: [400, 401, 403],
    bearer: true,
  },
  exportDemand: {
    query: DemandExportQuery,
    response: {
      // Streamed by the server (its lines as they are read); the client receives the text.
      200: TypeRuntime.Unsafe<AsyncIterable<string> | string>({
        type: 'string',
        description: 'CSV (RFC 4180, UTF-8, CRLF), header row first',
      }),
    },
    produces: 'text/csv',
    errors: [400, 401, 403],
    bearer: true,
  },
  listIncidents: {
    query: IncidentsQuery,
    response: { 200: IncidentsResponse },
    errors: [400, 401, 403],
    bearer: true,
  },
  founderDashboard: {
    query: FounderQuery,
    response: { 200: FounderDashboard },
    errors: [400, 401, 403],
    bearer: true,
  },
  exportFounderTable: {
    params: FounderExportParams,
    query: FounderQuery,
    response: {
      // Streamed by the server (its lines as they are made); the client receives the text.
      200: TypeRuntime.Unsafe<AsyncIterable<string> | string>({
        type: 'string',
        description: 'CSV (RFC 4180, UTF-8, CRLF), header row first',
      }),
    },
    produces: 'text/csv',
    errors: [400, 401, 403],
    bearer: true,
  },
  getIncident: {
    params: IncidentIdParams,
    response: { 200: IncidentDetail },
    errors: [400, 401, 403, 404],
    bearer: true,
  },
  updateIncident: {
    params: IncidentIdParams,
    body: UpdateIncidentRequest,
    response: { 200: IncidentDetail },
    errors: [400, 401, 403, 404, 409, 422],
    bearer: true,
  },
  listModerationQueue: {
    query: ModerationQueueQuery,
    response: { 200: ModerationQueueResponse },
    errors: [400, 401, 403],
    bearer: true,
  },
  getModerationItem: {
    params: ModerationListingParams,
    response: { 200: ModerationItem },
    errors: [400, 401, 403, 404],
    bearer: true,
  },
  decideModeration: {
    params: ModerationListingParams,
    body: ModerationDecisionRequest,
    response: { 200: ModerationItem },
    errors: [400, 401, 403, 404, 409, 422],
    bearer: true,
  },
  qualifyReservation: {
    params: ReservationIdParams,
    body: QualifyReservationRequest,
    response: { 200: DemandReservation },
    errors: [400, 401, 403, 404],
    bearer: true,
  },

  submitBetaFeedback: {
    body: BetaFeedbackRequest,
    response: { 201: BetaFeedbackReceipt },
    errors: [400, 404, 429],
  },
  redeemBetaInvitation: {
    params: BetaCodeParams,
    response: { 200: BetaRedemption },
    errors: [400, 401, 404, 409, 429],
    bearer: true,
  },
  myBeta: { response: { 200: MyBeta }, errors: [401], bearer: true },
  listBetaFeedback: {
    query: BetaFeedbackQuery,
    response: { 200: BetaFeedbackPage },
    errors: [400],
    bearer: true,
  },
  createBetaCohort: {
    body: CreateBetaCohortRequest,
    response: { 201: BetaCohort },
    errors: [400, 409],
    bearer: true,
  },
  listBetaCohorts: {
    response: { 200: TypeRuntime.Object({ items: TypeRuntime.Array(BetaCohort) }) },
    errors: [],
    bearer: true,
  },
  createBetaInvitations: {
    params: BetaCohortIdParams,
    body: CreateBetaInvitationsRequest,
    response: { 201: BetaInvitationList },
    errors: [400, 404],
    bearer: true,
  },
  listBetaInvitations: {
    params: BetaCohortIdParams,
    response: { 200: BetaInvitationList },
    errors: [400, 404],
    bearer: true,
  },
  revokeBetaInvitation: {
    params: BetaInvitationIdParams,
    response: { 200: BetaInvitation },
    errors: [400, 404],
    bearer: true,
  },
  createBetaSession: {
    body: CreateBetaSessionRequest,
    response: { 201: BetaSession },
    errors: [400, 404],
    bearer: true,
  },
  listBetaSessions: {
    query: BetaSessionsQuery,
    response: { 200: BetaSessionPage },
    errors: [400],
    bearer: true,
  },
  getBetaSession: {
    params: BetaSessionIdParams,
    response: { 200: BetaSession },
    errors: [400, 404],
    bearer: true,
  },
  updateBetaSession: {
    params: BetaSessionIdParams,
    body: UpdateBetaSessionRequest,
    response: { 200: BetaSession },
    errors: [400, 404],
    bearer: true,
  },
  betaLearningReview: {
    query: LearningReviewQuery,
    response: { 200: LearningReview },
    errors: [400],
    bearer: true,
  },

  getDesignerTerms: {
    params: ListingIdOnlyParams,
    response: { 200: DesignerTermsState },
    errors: [403, 404],
    bearer: true,
  },
  acceptDesignerTerms: {
    params: ListingIdOnlyParams,
    body: DesignerTermsRequest,
    response: { 200: DesignerTermsState },
    errors: [403, 404, 409, 422],
    bearer: true,
  },
  withdrawDesignerTerms: {
    params: ListingIdOnlyParams,
    response: { 200: DesignerTermsState },
    errors: [403, 404, 409],
    bearer: true,
  },
  getPreorderCaps: {
    params: ListingIdOnlyParams,
    response: { 200: PreorderCaps },
    errors: [401, 403, 404],
    bearer: true,
  },
  setPreorderCaps: {
    params: ListingIdOnlyParams,
    body: PreorderCapsRequest,
    response: { 200: PreorderCaps },
    errors: [403, 404, 409],
    bearer: true,
  },
  invitePreorder: {
    params: ReservationIdParams,
    body: InvitePreorderRequest,
    response: { 200: PreorderInvitation },
    errors: [403, 404, 409, 422],
    bearer: true,
  },
  createSetupIntent: {
    body: CreateSetupIntentRequest,
    response: { 200: Checkout, 201: Checkout },
    errors: [403, 404, 409, 422, 503],
    bearer: true,
  },
  confirmCheckout: {
    body: ConfirmCheckoutRequest,
    response: { 201: ConfirmCheckoutResponse },
    errors: [403, 404, 409, 422, 503],
    bearer: true,
  },
  paymentWebhook: { response: { 200: WebhookReceipt }, errors: [403, 503] },
  listPreorders: { query: PreorderListQuery, response: { 200: PreorderPage }, errors: [403], bearer: true },
  cancelPreorder: {
    params: PreOrderIdParams,
    body: CancelPreorderRequest,
    response: { 200: Preorder },
    errors: [403, 404, 409, 503],
    bearer: true,
  },

  devMailboxMessages: { query: DevMailboxQuery, response: { 200: DevMailboxResponse }, errors: [] },
} as const satisfies Record<OperationName, OperationSchema>;

export type OperationSchemas = typeof OPERATION_SCHEMAS;

type Part<N extends OperationName, K extends 'params' | 'query' | 'body'> = OperationSchemas[N] extends {
  [P in K]: infer S extends Type.TSchema;
}
  ? Type.Static<S>
  : undefined;

/** The path parameters of an operation. */
export type OperationParams<N extends OperationName> = Part<N, 'params'>;
/** The query string of an operation. */
export type OperationQuery<N extends OperationName> = Part<N, 'query'>;
/** The JSON body an operation takes. */
export type OperationBody<N extends OperationName> = Part<N, 'body'>;
/** What an operation answers with on success (any of its success statuses). */
export type OperationResult<N extends OperationName> = OperationSchemas[N]['response'] extends infer R
  ? R extends Record<number, Type.TSchema>
    ? { [S in keyof R]: R[S] extends Type.TSchema ? Type.Static<R[S]> : never }[keyof R]
    : never
  : never;
