/**
 * @kitwright/sdk: the client library for browsers, React Native and Node. createClient gives an
 * auth component, typed resources for every operation of the API, the API client under them and a
 * WebSocket client, all sharing one session.
 */
export type { AuthResponse, OAuthProvider, OAuthUrlResponse, User } from '@kitwright/contracts';
export {
  type ApiAuthHooks,
  ApiClient,
  type ApiClientOptions,
  type FetchLike,
  type HttpMethod,
  type QueryParams,
  type RequestOptions,
  type UploadProgressListener,
  VISITOR_SESSION_HEADER,
  type WireResponse,
  type XMLHttpRequestConstructorLike,
  type XMLHttpRequestLike,
} from './api-client';
export { AuthClient, type LoginInput, type RegisterInput } from './auth-client';
export { type ClientOptions, createClient, KitwrightClient } from './client';
export { Emitter, type Listener, type ListenerErrorHandler } from './emitter';
export {
  isKitwrightError,
  KitwrightError,
  type KitwrightErrorCode,
  type KitwrightErrorInit,
} from './errors';
export {
  AUTH_EVENT_NAMES,
  type AuthEvents,
  CLIENT_EVENT_NAMES,
  type ClientEvents,
  type TokenSource,
} from './events';
export { createLocalLockManager, defaultLockManager, type LockManagerLike } from './locks';
export type { OAuthCallbackParams } from './oauth';
export type { AdminResource, ErrorsQuery, GateInput, PhaseDecisionInput, Role } from './resources/admin';
export type { AnalyticsResource, ProductEventsInput } from './resources/analytics';
export type {
  BetaCohortInput,
  BetaFeedbackFilters,
  BetaFeedbackInput,
  BetaInvitationsInput,
  BetaResource,
  BetaSessionChange,
  BetaSessionInput,
  BetaSessionsQuery,
  LearningReviewQuery,
} from './resources/beta';
export {
  type CallArgs,
  type CallInput,
  type CallOptions,
  type CallResult,
  call,
  type PageQuery,
} from './resources/call';
export type { CheckoutResource } from './resources/checkout';
export type { ClientErrorReport, ClientErrorsResource } from './resources/client-errors';
export type { ConfigResource } from './resources/config';
export {
  type CoveredOperation,
  type NotCalledByClients,
  type ResourceName,
  SDK_METHODS,
  type SdkMethod,
  type SdkMethodAt,
} from './resources/coverage';
export type { DevMailboxResource } from './resources/dev-mailbox';
export {
  type CreateDraftInput,
  type DraftChanges,
  type DraftsResource,
  newIdempotencyKey,
  type PublishInput,
  type StartJobOptions,
} from './resources/drafts';
export type { GalleryQuery, GalleryResource } from './resources/gallery';
export type { HealthResource } from './resources/health';
export type { InterestResource, ReservationInput } from './resources/interest';
export type { JobsResource } from './resources/jobs';
export type {
  ListingChanges,
  ListingQuery,
  ListingsResource,
  RepublishInput,
  ShareChannel,
  SurfaceQuery,
} from './resources/listings';
export type { MeResource } from './resources/me';
export type { MediaResource, UploadFile, UploadOptions, UploadProgress } from './resources/media';
export type { PreordersResource } from './resources/preorders';
export type {
  SupportReply,
  SupportRequest,
  SupportResource,
  ThreadAccess,
} from './resources/support';
export { REFRESH_WINDOW_MS, type Session } from './session';
export { SESSION_STORAGE_KEY } from './session-store';
export type { BroadcastChannelFactory, BroadcastChannelLike } from './session-sync';
export { defaultStorage, type MemoryStorage, memoryStorage, type StorageAdapter } from './storage';
export { VISITOR_STORAGE_KEY } from './visitor-session';
export {
  type RealtimeMessage,
  type ReconnectOptions,
  WebSocketClient,
  type WebSocketClientOptions,
  type WebSocketConstructorLike,
  type WebSocketEvents,
  type WebSocketLike,
  type WebSocketStatus,
} from './websocket-client';
