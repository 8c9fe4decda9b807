/**
 * @kitwright/sdk: the client library for browsers, React Native and Node. createClient gives an
 * auth component, a typed API client and a WebSocket client that share one session.
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
  VISITOR_SESSION_HEADER,
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
