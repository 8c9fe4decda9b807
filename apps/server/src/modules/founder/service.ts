/**
 * The founder dashboard: the beta's figures for a period (launch week, the first 30 days, or whole
 * UTC days of one's choosing), each against the spec's Success targets; the funnels by first-touch
 * source and device class; a daily series of every figure; CSV exports of every table.
 *
 * Every figure is counted by the database from the rows of the module that owns them (its
 * `stats.ts`), or — for product events — from this module's rollup of them (founder_event_days)
 * plus the events received since the rollup's mark, read live. Nothing is estimated.
 *
 * The flows: dashboard.ts (with figures.ts and funnels.ts), rollup.ts; this file binds them to one
 * context.
 */
import type { FounderQuery, FounderTable } from '@kitwright/contracts';
import { createFounderContext, type FounderDeps } from './context';
import { dashboard, exportCsv } from './dashboard';
import { firstRecordedDay, rollUp } from './rollup';

export type { FounderDeps } from './context';
export { CREATE_FUNNEL, RESERVE_FUNNEL } from './funnels';

export type FounderService = ReturnType<typeof createFounderService>;

export function createFounderService(deps: FounderDeps) {
  const ctx = createFounderContext(deps);
  return {
    dashboard: (query: FounderQuery) => dashboard(ctx, query),
    exportCsv: (table: FounderTable, query: FounderQuery) => exportCsv(ctx, table, query),
    rollUp: () => rollUp(ctx),
    /** The first UTC day with a rolled-up server event: the launch day when none is configured. */
    firstRecordedDay: () => firstRecordedDay(ctx),
  };
}
