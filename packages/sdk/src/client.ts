/**
 * createClient: wires the auth component, the API client and the WebSocket client to one held
 * session, so a token change reaches all three at once, emits the client's own events, and
 * attaches the typed resources (kw.listings, kw.drafts, …) that call the API over that session.
 */
import { ApiClient, type FetchLike, type XMLHttpRequestConstructorLike } from './api-client';
import { AuthClient } from './auth-client';
import { Emitter, type Listener, type ListenerErrorHandler } from './emitter';
import type { ClientEvents } from './events';
import { defaultLockManager, type LockManagerLike } from './locks';
import { type AdminResource, adminResource } from './resources/admin';
import { type AnalyticsResource, analyticsResource } from './resources/analytics';
import { type BetaResource, betaResource } from './resources/beta';
import { type CheckoutResource, checkoutResource } from './resources/checkout';
import { type ClientErrorsResource, clientErrorsResource } from './resources/client-errors';
import { type ConfigResource, configResource } from './resources/config';
import { type DevMailboxResource, devMailboxResource } from './resources/dev-mailbox';
import { type DraftsResource, draftsResource } from './resources/drafts';
import { type GalleryResource, galleryResource } from './resources/gallery';
import { type HealthResource, healthResource } from './resources/health';
import { type InterestResource, interestResource } from './resources/interest';
import { type JobsResource, jobsResource } from './resources/jobs';
import { type ListingsResource, listingsResource } from './resources/listings';
import { type MeResource, meResource } from './resources/me';
import { type MediaResource, mediaResource } from './resources/media';
import { type PreordersResource, preordersResource } from './resources/preorders';
import { type SupportResource, supportResource } from './resources/support';
import { SessionState } from './session-state';
import { SessionStore } from './session-store';
import { type BroadcastChannelFactory, createSessionSync, defaultBroadcastFactory } from './session-sync';
import { defaultStorage, isBrowser, type StorageAdapter } from './storage';
import { VisitorSession } from './visitor-session';
import { type ReconnectOptions, WebSocketClient, type WebSocketConstructorLike } from './websocket-client';

export interface ClientOptions {
  /** The server's origin, e.g. https://kitwright.example (the API lives under /api). */
  baseUrl: string;
  /** Where the session is kept. Default: localStorage in browsers, memory elsewhere. */
  storage?: StorageAdapter;
  /** Restore the stored session at start (default true). */
  loadSession?: boolean;
  /** Refresh automatically when the access token expires within 5 minutes (default true). */
  autoRefresh?: boolean;
  fetch?: FetchLike;
  /**
   * Headers added to every request, read at each one (e.g. the visitor's analytics consent). Use
   * this rather than a fetch wrapper for headers: uploads with progress use XMLHttpRequest.
   */
  headers?: () => Record<string, string>;
  /** For uploads with progress. Default: globalThis.XMLHttpRequest where present; false: always fetch. */
  XMLHttpRequest?: XMLHttpRequestConstructorLike | false;
  /** A WebSocket constructor where the runtime has none (Node: the `ws` package). */
  WebSocket?: WebSocketConstructorLike;
  /** Default: baseUrl with ws(s):// and /api/ws. */
  websocketUrl?: string;
  /** Sent as Accept-Language. */
  locale?: string;
  /** The clock, in epoch milliseconds (tests drive it with the server's). */
  now?: () => number;
  /** Default: navigator.locks where present, else a lock shared within this JavaScript realm. */
  locks?: LockManagerLike;
  /** Tell other tabs about session changes. Default: BroadcastChannel in browsers. */
  broadcast?: boolean | BroadcastChannelFactory;
  /** Keep the visitor session token and send it as a header. Default: outside browsers. */
  visitorHeader?: boolean;
  reconnect?: ReconnectOptions | false;
  pingIntervalMs?: number;
  /** Receives errors thrown by event listeners (e.g. to an error tracker). Default: rethrown on their own. */
  onListenerError?: ListenerErrorHandler;
}

/** How often auto-refresh looks at the expiry; well inside the 5-minute window. */
const AUTO_REFRESH_CHECK_MS = 30_000;

export class KitwrightClient {
  readonly api: ApiClient;
  readonly auth: AuthClient;
  readonly ws: WebSocketClient;

  // The API's operations, one resource per area; each method calls one operation (see coverage.ts).
  readonly listings: ListingsResource;
  readonly gallery: GalleryResource;
  readonly interest: InterestResource;
  readonly drafts: DraftsResource;
  readonly jobs: JobsResource;
  readonly media: MediaResource;
  readonly me: MeResource;
  readonly support: SupportResource;
  readonly beta: BetaResource;
  readonly config: ConfigResource;
  readonly analytics: AnalyticsResource;
  readonly clientErrors: ClientErrorsResource;
  readonly health: HealthResource;
  readonly admin: AdminResource;
  /** Phase A.5: PHASE_CLOSED in Phase A. */
  readonly preorders: PreordersResource;
  /** Phase A.5: PHASE_CLOSED in Phase A. */
  readonly checkout: CheckoutResource;
  /** Local servers only. */
  readonly devMailbox: DevMailboxResource;

  /** Resolves once the stored session is restored (and, if it had expired, refreshed). */
  readonly ready: Promise<void>;
  private readonly events: Emitter<ClientEvents>;
  private readonly state: SessionState;
  private readonly timer: ReturnType<typeof setInterval> | null = null;
  /** The token a WebSocket refusal last refreshed to. */
  private refreshedForSocket: string | null = null;

  constructor(options: ClientOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    const storage = options.storage ?? defaultStorage();
    const autoRefresh = options.autoRefresh ?? true;
    this.events = new Emitter<ClientEvents>(options.onListenerError);
    this.api = new ApiClient({
      baseUrl,
      fetch: options.fetch,
      locale: options.locale ?? null,
      headers: options.headers,
      XMLHttpRequest: options.XMLHttpRequest,
    });
    this.listings = listingsResource(this.api);
    this.gallery = galleryResource(this.api);
    this.interest = interestResource(this.api);
    this.drafts = draftsResource(this.api);
    this.jobs = jobsResource(this.api);
    this.media = mediaResource(this.api);
    this.me = meResource(this.api);
    this.support = supportResource(this.api);
    this.beta = betaResource(this.api);
    this.config = configResource(this.api);
    this.analytics = analyticsResource(this.api);
    this.clientErrors = clientErrorsResource(this.api);
    this.health = healthResource(this.api);
    this.admin = adminResource(this.api);
    this.preorders = preordersResource(this.api);
    this.checkout = checkoutResource(this.api);
    this.devMailbox = devMailboxResource(this.api);

    const factory =
      options.broadcast === false
        ? null
        : typeof options.broadcast === 'function'
          ? options.broadcast
          : options.broadcast === true || isBrowser()
            ? defaultBroadcastFactory()
            : null;
    const sync = createSessionSync(factory, `kitwright-session:${baseUrl}`, () => {
      void this.auth.syncFromStorage();
    });
    this.state = new SessionState(new SessionStore(storage), sync);

    this.ws = new WebSocketClient({
      url: options.websocketUrl ?? `${baseUrl.replace(/^http/, 'ws')}/api/ws`,
      WebSocket: options.WebSocket,
      reconnect: options.reconnect,
      pingIntervalMs: options.pingIntervalMs,
      onListenerError: options.onListenerError,
      onAuthRejected: (code, token) => {
        if (code === 'SESSION_REVOKED') {
          void this.auth.apiHooks().onSessionRevoked(token);
          return;
        }
        // A token fresh from a refresh that is refused as well will not get better by refreshing
        // again (e.g. servers that disagree on the signing secret): stop rather than loop.
        if (token === this.refreshedForSocket) return;
        void this.auth.replaceRejectedToken(token).then((replaced) => {
          if (replaced) this.refreshedForSocket = this.auth.getAccessToken();
        });
      },
    });
    this.state.onChange((next) => {
      const token = next?.access_token ?? null;
      this.api.setToken(token);
      this.ws.setToken(token);
    });

    const visitors = new VisitorSession(storage, this.api, options.visitorHeader ?? !isBrowser());
    this.auth = new AuthClient({
      api: this.api,
      state: this.state,
      visitors,
      locks: options.locks ?? defaultLockManager(),
      lockName: `kitwright-refresh:${baseUrl}`,
      now: options.now ?? Date.now,
      autoRefresh,
      onListenerError: options.onListenerError,
      onSignedIn: (user) => this.events.emit('authenticated', user),
      onSignedOut: () => this.events.emit('unauthenticated'),
      forward: (name, payload) => {
        if (name === 'login') this.events.emit('auth:login', payload as ClientEvents['auth:login']);
        else if (name === 'logout') this.events.emit('auth:logout', payload as ClientEvents['auth:logout']);
        else if (name === 'tokenRefreshed')
          this.events.emit('auth:tokenRefreshed', payload as ClientEvents['auth:tokenRefreshed']);
      },
    });
    this.api.setAuthHooks(this.auth.apiHooks());

    const restoring = [visitors.restore(), options.loadSession === false ? undefined : this.auth.restore()];
    this.ready = Promise.all(restoring).then(() => {});

    if (autoRefresh) {
      this.timer = setInterval(() => {
        this.auth.ensureFreshSession().catch(() => {});
      }, AUTO_REFRESH_CHECK_MS);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  on<K extends keyof ClientEvents>(name: K, listener: Listener<ClientEvents[K]>): () => void {
    return this.events.on(name, listener);
  }

  once<K extends keyof ClientEvents>(name: K, listener: Listener<ClientEvents[K]>): () => void {
    return this.events.once(name, listener);
  }

  off<K extends keyof ClientEvents>(name: K, listener: Listener<ClientEvents[K]>): void {
    this.events.off(name, listener);
  }

  /** Applies an access token at once to the auth component, the API client and the WebSocket. */
  setToken(token: string | null): void {
    this.auth.setToken(token);
  }

  /** Stops timers, the WebSocket and tab sync. The session stays stored: this is not a sign-out. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.ws.dispose();
    this.state.close();
    this.auth.dispose();
    this.events.removeAll();
  }
}

export function createClient(options: ClientOptions): KitwrightClient {
  return new KitwrightClient(options);
}
