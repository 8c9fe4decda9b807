/**
 * The analytics provider behind one interface: the local mirror only (nothing leaves the machine)
 * or PostHog. The dispatcher hands it batches of mirrored events; `send` resolves when the provider
 * accepted the whole batch and rejects otherwise (5xx, refused, timed out), so the batch is kept and
 * retried. Each event's `id` is the provider's de-duplication key: sending an event twice with the
 * same id counts it once.
 */
export interface AnalyticsEvent {
  /** The mirror row's id (a UUID v7), sent as the provider's event uuid. */
  id: string;
  /** Dictionary name. */
  name: string;
  /** Dictionary version. */
  version: number;
  /** Server-issued pseudonymous id (an account or visitor session id), never an email or name. */
  distinctId: string;
  /** Whether the distinct id is a signed-in account (the provider may keep a person profile). */
  identified: boolean;
  properties: Record<string, unknown>;
  occurredAt: Date;
  /**
   * Set on the event that created an account from a visitor session (`signup_completed`): the
   * visitor session's id, whose earlier pseudonymous events the provider joins to the account so
   * that funnels run across sign-up (PostHog: an `$identify` with `$anon_distinct_id`).
   */
  mergesVisitor?: string;
}

export interface AnalyticsProvider {
  readonly kind: 'mirror' | 'posthog';
  send(events: readonly AnalyticsEvent[]): Promise<void>;
}

/** Local default: the mirror table is the analytics store; dispatching only marks rows sent. */
export function createMirrorAnalytics(): AnalyticsProvider {
  return { kind: 'mirror', send: async () => {} };
}
