/**
 * The dashboard's rollup of product events (founder_event_days) and how it is read: the rolled-up
 * counts plus the events received since the rollup's mark, read live, in one snapshot.
 */
import type { FounderQuery } from '@kitwright/contracts';
import { type EventDayCount, eventCountsReceived } from '../../platform/product-events';
import type { FounderContext } from './context';
import { EVENT_NAMES } from './funnels';
import * as repo from './repo';
import { dayOf, resolvePeriod } from './targets';

/** How far behind the rollup's mark may fall before a read moves it (the rest is read live). */
const ROLLUP_STEP_MS = 60_000;

/**
 * Moves the rollup's mark to the database's now less the lag, counting the events in between once.
 * A mark less than a step behind is left alone (those events are read live), so most reads take
 * no lock and write nothing.
 */
export async function rollUp(ctx: FounderContext): Promise<void> {
  const peek = await repo.peekMark(ctx.db, ctx.lagMs);
  if (peek.upto.getTime() - peek.mark.getTime() < ROLLUP_STEP_MS) return;
  await ctx.db.transaction().execute(async (trx) => {
    const lock = await repo.lockMark(trx, ctx.lagMs);
    if (!lock || lock.upto <= lock.mark) return;
    const rows = await eventCountsReceived(trx, lock.mark, lock.upto);
    await repo.addCounts(trx, rows, lock.upto);
  });
}

/** The rolled-up counts and the live tail (events received after the mark), in one snapshot. */
export async function eventCounts(ctx: FounderContext, query: FounderQuery, now: Date) {
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const mark = await repo.readMark(trx);
      const tail: EventDayCount[] = await eventCountsReceived(trx, mark, null);
      const rolledFirst = await repo.firstDay(trx);
      const tailFirst = tail
        .filter((t) => t.name !== 'session_started')
        .map((t) => t.day)
        .sort()[0];
      const launchDay = [rolledFirst, tailFirst].filter((d): d is string => !!d).sort()[0] ?? null;
      const period = resolvePeriod(query, launchDay, now);
      const fromDay = dayOf(period.from);
      const toDay = dayOf(period.to);
      const rolled = await repo.countsBetween(trx, fromDay, toDay, EVENT_NAMES);
      const live = tail.filter(
        (t) => t.day >= fromDay && t.day < toDay && (EVENT_NAMES as readonly string[]).includes(t.name),
      );
      return { period, launchDay, rows: [...rolled, ...live] };
    });
}

/** One day's count of one product event by source and device class, rolled up or live. */
export type EventRow = Awaited<ReturnType<typeof eventCounts>>['rows'][number];

/** The first UTC day with a rolled-up server event: the launch day when none is configured. */
export async function firstRecordedDay(ctx: FounderContext) {
  await rollUp(ctx);
  return repo.firstDay(ctx.db);
}
