/**
 * The realtime connection to /api/ws: authenticates with the current access token by message,
 * re-authenticates when the token changes, delivers pushed events by topic, keeps itself alive
 * with pings and reconnects with capped, jittered exponential backoff.
 */
import { Emitter, type Listener, type ListenerErrorHandler } from './emitter';

/** The part of a WebSocket the client uses; the browser's, React Native's and `ws` all fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // Handler properties are declared through a method so that implementations whose handlers take
  // a richer event type (DOM MessageEvent, ws's MessageEvent) still fit (method bivariance).
  onopen: { bivarianceHack(event: unknown): void }['bivarianceHack'] | null;
  onmessage: { bivarianceHack(event: { data: unknown }): void }['bivarianceHack'] | null;
  onclose: { bivarianceHack(event: { code: number; reason: string }): void }['bivarianceHack'] | null;
  onerror: { bivarianceHack(event: unknown): void }['bivarianceHack'] | null;
}

export type WebSocketConstructorLike = new (url: string) => WebSocketLike;

/**
 * idle: not asked to connect. waiting: asked, but there is no token (or the server refused this
 * one and closed). connecting / authenticating / ready: the socket's progress. closed: close() called.
 */
export type WebSocketStatus = 'idle' | 'waiting' | 'connecting' | 'authenticating' | 'ready' | 'closed';

export interface RealtimeMessage {
  type: 'event';
  topic: string;
  data: unknown;
}

export interface WebSocketEvents {
  status: WebSocketStatus;
  /** The server accepted the token: pushes for this user arrive from now on. */
  ready: { user_id: string };
  /** The server refused the token (INVALID_TOKEN, SESSION_REVOKED) or the message. */
  error: { code: string };
  /** Every pushed event, whatever its topic. */
  event: RealtimeMessage;
}

export interface ReconnectOptions {
  /** First delay; doubles per failed attempt. Default 500 ms. */
  minDelayMs?: number;
  /** Cap. Default 30 s. */
  maxDelayMs?: number;
}

export interface WebSocketClientOptions {
  url: string;
  WebSocket?: WebSocketConstructorLike;
  /** false: never reconnect. */
  reconnect?: ReconnectOptions | false;
  /** How often to ping; a ping still unanswered at the next one means the connection is dead. Default 25 s. */
  pingIntervalMs?: number;
  /** The server refused `token`; createClient refreshes or signs out, then sets the next token. */
  onAuthRejected?: (code: string, token: string) => void;
  random?: () => number;
  onListenerError?: ListenerErrorHandler;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
/** The server's close code after three refused tokens. */
const AUTH_FAILED = 4401;

type Timer = ReturnType<typeof setTimeout>;

/** Timers must not keep a Node process alive on their own (a CLI that forgot close() still exits). */
function unref(timer: Timer): Timer {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

export class WebSocketClient {
  private readonly events: Emitter<WebSocketEvents>;
  private readonly topics = new Map<string, Set<(data: unknown, message: RealtimeMessage) => void>>();
  private socket: WebSocketLike | null = null;
  private token: string | null = null;
  /** A token the server refused; not presented again until a new one is set. */
  private refusedToken: string | null = null;
  private wanted = false;
  private attempts = 0;
  private reconnectTimer: Timer | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = false;
  private currentStatus: WebSocketStatus = 'idle';
  private readyUser: string | null = null;

  constructor(private readonly options: WebSocketClientOptions) {
    this.events = new Emitter<WebSocketEvents>(options.onListenerError);
  }

  get status(): WebSocketStatus {
    return this.currentStatus;
  }

  /** The user the server attached this connection to; null until ready. */
  get userId(): string | null {
    return this.readyUser;
  }

  on<K extends keyof WebSocketEvents>(name: K, listener: Listener<WebSocketEvents[K]>): () => void {
    return this.events.on(name, listener);
  }

  once<K extends keyof WebSocketEvents>(name: K, listener: Listener<WebSocketEvents[K]>): () => void {
    return this.events.once(name, listener);
  }

  off<K extends keyof WebSocketEvents>(name: K, listener: Listener<WebSocketEvents[K]>): void {
    this.events.off(name, listener);
  }

  /** Receives pushes of one topic; connects if not yet asked to. Returns the unsubscribe function. */
  subscribe(topic: string, handler: (data: unknown, message: RealtimeMessage) => void): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(handler);
    if (!this.wanted) this.connect();
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.topics.get(topic) === set) this.topics.delete(topic);
    };
  }

  /** Opens the connection (now, or as soon as there is a token) and keeps it open until close(). */
  connect(): void {
    // Fail here, in the caller's hands, rather than later inside a sign-in that sets a token.
    this.implementation();
    this.wanted = true;
    if (this.socket || this.reconnectTimer) return;
    this.open();
  }

  /** Closes cleanly and stops reconnecting; connect() or subscribe() opens again. */
  close(): void {
    this.wanted = false;
    this.clearReconnect();
    this.drop(NORMAL_CLOSURE, 'client closed');
    this.setStatus('closed');
  }

  /** Applies a new access token at once: re-authenticates an open socket, or closes it for null. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    if (token === null) {
      // The server has no "sign out" message: a socket must not stay attached to the old user.
      this.drop(NORMAL_CLOSURE, 'signed out');
      this.clearReconnect();
      if (this.wanted) this.setStatus('waiting');
      return;
    }
    if (this.socket && this.socket.readyState === OPEN) {
      this.authenticate();
      return;
    }
    if (this.wanted && !this.socket) {
      this.clearReconnect();
      this.open();
    }
  }

  private open(): void {
    if (!this.token || this.token === this.refusedToken) {
      this.setStatus('waiting');
      return;
    }
    const Impl = this.implementation();
    let socket: WebSocketLike;
    try {
      socket = new Impl(this.options.url);
    } catch {
      // Runs inside a sign-in (via setToken) too, which must not fail over the socket.
      this.events.emit('error', { code: 'NETWORK_ERROR' });
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.authenticate();
      this.startPing();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.closed(event.code);
    };
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => {};
  }

  private implementation(): WebSocketConstructorLike {
    const Impl = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructorLike }).WebSocket;
    if (!Impl) throw new Error('No WebSocket implementation: pass one as the WebSocket option.');
    return Impl;
  }

  private authenticate(): void {
    if (!this.socket || !this.token) return;
    this.setStatus('authenticating');
    this.sendRaw({ type: 'auth', access_token: this.token });
  }

  private receive(raw: unknown): void {
    let message: { type?: unknown; user_id?: unknown; code?: unknown; topic?: unknown; data?: unknown };
    try {
      message = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      return;
    }
    switch (message.type) {
      case 'pong':
        this.awaitingPong = false;
        return;
      case 'ready':
        this.attempts = 0;
        this.readyUser = typeof message.user_id === 'string' ? message.user_id : null;
        this.setStatus('ready');
        this.events.emit('ready', { user_id: this.readyUser ?? '' });
        return;
      case 'error': {
        const code = typeof message.code === 'string' ? message.code : 'INTERNAL_ERROR';
        const token = this.token;
        if ((code === 'INVALID_TOKEN' || code === 'SESSION_REVOKED') && token) {
          // A refused re-authentication leaves the server's socket attached to the previous user,
          // so close it and wait for the next token instead of retrying this one.
          this.refusedToken = token;
          this.drop(NORMAL_CLOSURE, 'token refused');
          this.setStatus('waiting');
          this.events.emit('error', { code });
          this.options.onAuthRejected?.(code, token);
          return;
        }
        this.events.emit('error', { code });
        return;
      }
      case 'event': {
        if (typeof message.topic !== 'string') return;
        const pushed: RealtimeMessage = { type: 'event', topic: message.topic, data: message.data };
        this.events.emit('event', pushed);
        for (const handler of [...(this.topics.get(pushed.topic) ?? [])]) {
          try {
            handler(pushed.data, pushed);
          } catch (err) {
            this.reportListenerError(err);
          }
        }
        return;
      }
    }
  }

  private closed(code: number): void {
    this.stopPing();
    this.socket = null;
    this.readyUser = null;
    if (!this.wanted) {
      this.setStatus('idle');
      return;
    }
    if (code === AUTH_FAILED) this.refusedToken = this.token;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const reconnect = this.options.reconnect;
    if (reconnect === false || !this.token || this.token === this.refusedToken) {
      this.setStatus('waiting');
      return;
    }
    const min = reconnect?.minDelayMs ?? 500;
    const max = reconnect?.maxDelayMs ?? 30_000;
    const ceiling = Math.min(max, min * 2 ** this.attempts);
    // Jitter, so that many clients dropped at once by a restart do not return at once.
    const delay = ceiling / 2 + (this.options.random ?? Math.random)() * (ceiling / 2);
    this.attempts++;
    this.setStatus('connecting');
    this.reconnectTimer = unref(
      setTimeout(() => {
        this.reconnectTimer = null;
        if (this.wanted && !this.socket) this.open();
      }, delay),
    );
  }

  private startPing(): void {
    this.stopPing();
    this.awaitingPong = false;
    const interval = this.options.pingIntervalMs ?? 25_000;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) {
        // No answer to the last ping: the connection is gone even if no close arrived.
        const stale = this.socket;
        this.drop(4000, 'ping timeout');
        if (stale && this.wanted) this.scheduleReconnect();
        return;
      }
      this.awaitingPong = true;
      this.sendRaw({ type: 'ping' });
    }, interval);
    unref(this.pingTimer as Timer);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /** Detaches and closes the current socket without triggering a reconnect. */
  private drop(code: number, reason: string): void {
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.readyUser = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    try {
      socket.close(code, reason);
    } catch {
      // Already closing.
    }
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private sendRaw(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private reportListenerError(error: unknown): void {
    if (this.options.onListenerError) this.options.onListenerError(error);
    else
      queueMicrotask(() => {
        throw error;
      });
  }

  private setStatus(status: WebSocketStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.events.emit('status', status);
  }

  /** Drops listeners and subscriptions (createClient's close). */
  dispose(): void {
    this.close();
    this.events.removeAll();
    this.topics.clear();
  }
}
