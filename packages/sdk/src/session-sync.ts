/**
 * Tells the other tabs that the stored session changed (sign-in, refresh, sign-out), so they
 * re-read it at once instead of discovering a rotated or ended session on their next request.
 */

/** The part of BroadcastChannel the SDK uses. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: { bivarianceHack(event: { data: unknown }): void }['bivarianceHack'] | null;
}

export type BroadcastChannelFactory = (name: string) => BroadcastChannelLike;

export interface SessionSync {
  /** Announces a change this client wrote to storage. */
  announce(): void;
  close(): void;
}

const MESSAGE = 'kitwright:session-changed';

export function defaultBroadcastFactory(): BroadcastChannelFactory | null {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike })
    .BroadcastChannel;
  return Channel ? (name) => new Channel(name) : null;
}

/** The message carries no tokens: receivers read the session from their (shared) storage. */
export function createSessionSync(
  factory: BroadcastChannelFactory | null,
  name: string,
  onChanged: () => void,
): SessionSync {
  if (!factory) return { announce() {}, close() {} };
  const channel = factory(name);
  channel.onmessage = (event) => {
    if ((event.data as { type?: unknown } | null)?.type === MESSAGE) onChanged();
  };
  return {
    announce: () => channel.postMessage({ type: MESSAGE }),
    close: () => channel.close(),
  };
}
