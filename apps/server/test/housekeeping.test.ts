/**
 * Housekeeping: expired rate-limit counters, OAuth attempts, email links and per-day view markers
 * are deleted in bounded batches; everything still in use stays.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids';
import { register } from './support/auth-helpers';
import { publishedListing } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('pruning expired rows', () => {
  let t: TestApp;
  let listingId: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const maker = await register(t.app);
    userId = maker.user.id;
    listingId = (await publishedListing(t.app, t, maker.access_token)).id;
  });
  afterAll(async () => t.close());

  const count = async (table: 'rate_limits' | 'oauth_attempts' | 'email_tokens' | 'listing_views') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('deletes what expired, keeps what may still be used, and works in bounded batches', async () => {
    const db = t.database.db;
    const now = new Date('2030-06-15T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.deleteFrom('rate_limits').execute();
    await db.deleteFrom('oauth_attempts').execute();
    await db.deleteFrom('email_tokens').execute();
    await db.deleteFrom('listing_views').execute();
    await db.deleteFrom('alert_signals').execute();

    // 25 stale counters and 2 live ones (a window in progress, a once-per-5-minutes key).
    await db
      .insertInto('rate_limits')
      .values([
        ...Array.from({ length: 25 }, (_, i) => ({
          key: `old:${i}`,
          window_start: ago(2 * DAY),
          count: 3,
          last_at: ago(DAY + HOUR),
        })),
        { key: 'live:window', window_start: ago(10 * 60_000), count: 4, last_at: ago(60_000) },
        { key: 'live:once', window_start: ago(2 * 60_000), count: 1, last_at: ago(2 * 60_000) },
      ])
      .execute();
    const attempt = (state: string, expiresAt: Date) => ({
      state_hash: state,
      provider: 'google' as const,
      visitor_session_id: null,
      provider_name: null,
      created_at: new Date(expiresAt.getTime() - 10 * 60_000),
      expires_at: expiresAt,
    });
    await db
      .insertInto('oauth_attempts')
      .values([attempt('expired', ago(2 * HOUR)), attempt('open', new Date(now.getTime() + 5 * 60_000))])
      .execute();
    const token = (hash: string, expiresAt: Date, used: boolean) => ({
      id: newId(),
      user_id: userId,
      purpose: 'reset_password' as const,
      token_hash: hash,
      created_at: ago(8 * DAY),
      expires_at: expiresAt,
      used_at: used ? ago(8 * DAY) : null,
    });
    await db
      .insertInto('email_tokens')
      .values([
        token('long-gone', ago(8 * DAY), true),
        token('recently-expired', ago(DAY), false),
        token('valid', new Date(now.getTime() + HOUR), false),
      ])
      .execute();
    const day = (ms: number) => ago(ms).toISOString().slice(0, 10);
    await db
      .insertInto('listing_views')
      .values([
        { listing_id: listingId, viewer_key: 'a', day: day(3 * DAY) },
        { listing_id: listingId, viewer_key: 'a', day: day(2 * DAY) },
        { listing_id: listingId, viewer_key: 'a', day: day(DAY) },
        { listing_id: listingId, viewer_key: 'a', day: day(0) },
      ])
      .execute();

    // Failures the alert evaluator counted: kept 30 days.
    const signal = (correlation: string, at: Date) => ({
      id: newId(),
      alert_key: 'audit_fail_closed',
      correlation_id: correlation,
      details: '{}',
      occurred_at: at,
    });
    await db
      .insertInto('alert_signals')
      .values([signal('old', ago(31 * DAY)), signal('recent', ago(29 * DAY))])
      .execute();

    // Ten rows a batch, at most two batches a table: 20 of the 25 stale counters go first.
    const first = await t.maintenance.pruneExpired(now, { batchSize: 10, maxBatches: 2 });
    // The setup's product events (signing up, publishing) happened years before `now`: past retention.
    expect(first).toEqual({
      rate_limits: 20,
      oauth_attempts: 1,
      email_tokens: 1,
      listing_views: 2,
      alert_signals: 1,
      product_events: expect.any(Number),
      error_events: 0,
    });
    expect(first.product_events).toBeGreaterThan(0);
    const second = await t.maintenance.pruneExpired(now, { batchSize: 10, maxBatches: 2 });
    expect(second).toEqual({
      rate_limits: 5,
      oauth_attempts: 0,
      email_tokens: 0,
      listing_views: 0,
      alert_signals: 0,
      product_events: 0,
      error_events: 0,
    });
    expect(
      (await db.selectFrom('alert_signals').select('correlation_id').execute()).map((r) => r.correlation_id),
    ).toEqual(['recent']);

    expect(
      (await db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key),
    ).toEqual(['live:once', 'live:window']);
    expect(
      (await db.selectFrom('oauth_attempts').select('state_hash').execute()).map((r) => r.state_hash),
    ).toEqual(['open']);
    expect(
      (await db.selectFrom('email_tokens').select('token_hash').orderBy('token_hash').execute()).map(
        (r) => r.token_hash,
      ),
    ).toEqual(['recently-expired', 'valid']);
    // Today's and yesterday's markers still stop a second view from counting.
    expect(
      (
        await db.selectFrom('listing_views').select(sql<string>`day::text`.as('day')).orderBy('day').execute()
      ).map((r) => r.day),
    ).toEqual([day(DAY), day(0)]);
    expect(await count('listing_views')).toBe(2);
  });

  it('runs from the maintenance loop with the app clock, logging what it removed', async () => {
    await t.database.db
      .insertInto('rate_limits')
      .values({ key: 'loop:old', window_start: new Date(0), count: 1, last_at: new Date(0) })
      .execute();
    const counts = await t.maintenance.prune();
    expect(counts?.rate_limits).toBeGreaterThanOrEqual(1);
    expect(t.logs.some((l) => l.includes('expired rows pruned'))).toBe(true);
  });
});
