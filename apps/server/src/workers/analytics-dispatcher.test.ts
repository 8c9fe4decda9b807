import { describe, expect, it } from 'vitest';
import { backoffMs, DISPATCH_DEFAULTS, toAnalyticsEvent } from './analytics-dispatcher';

describe('analytics dispatcher', () => {
  it('backs off 5 s, 10 s, 20 s … up to 5 minutes', () => {
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => backoffMs(n, DISPATCH_DEFAULTS))).toEqual([
      5000, 10_000, 20_000, 40_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('sends a server-issued distinct id: the account, else the visitor session, else the event', () => {
    const row = {
      id: 'e1',
      name: 'create_started',
      version: 2,
      consent_class: 'analytics' as const,
      emitter: 'server' as const,
      properties: { mode: 'B' },
      user_id: null,
      session_id: null,
      route: '/x',
      source_attribution: { first_touch: { source: 'a' }, last_touch: { source: 'b' } },
      occurred_at: new Date('2030-01-01T00:00:00Z'),
    };
    expect(toAnalyticsEvent(row)).toMatchObject({
      id: 'e1',
      distinctId: 'event-e1',
      identified: false,
      version: 2,
    });
    expect(toAnalyticsEvent({ ...row, session_id: 'v1' })).toMatchObject({
      distinctId: 'v1',
      identified: false,
    });
    const signedIn = toAnalyticsEvent({ ...row, session_id: 'v1', user_id: 'u1' });
    expect(signedIn).toMatchObject({ distinctId: 'u1', identified: true });
    expect(signedIn.properties).toMatchObject({
      mode: 'B',
      first_touch: { source: 'a' },
      last_touch: { source: 'b' },
      consent_class: 'analytics',
    });
  });
});
