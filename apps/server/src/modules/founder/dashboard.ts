/**
 * The founder dashboard for a period: every figure counted by the database from the rows of the
 * module that owns them (its `stats.ts`) or from the rollup of product events, each against the
 * spec's Success targets, with the funnels, the daily series and the incidents; and its tables
 * as CSV.
 */
import type { FounderDashboard, FounderQuery, FounderTable } from '@kitwright/contracts';
import type { AlertRow } from '../../platform/alerts-repo';
import * as authStats from '../auth/stats';
import * as betaStats from '../beta/stats';
import * as draftStats from '../drafts/stats';
import * as interestStats from '../interest/stats';
import * as jobStats from '../jobs/stats';
import * as listingStats from '../listings/stats';
import * as supportStats from '../support/stats';
import type { FounderContext } from './context';
import { csvLines } from './csv';
import { dailySeries, failedJobsOf, incidentOf, metricsOf, round, supportFigures } from './figures';
import { funnelsOf } from './funnels';
import { eventCounts, rollUp } from './rollup';
import { dayOf, elapsedShare, rateStatus, SUCCESS_TARGETS } from './targets';

/** The incidents open now, and those first seen in the period (at most a thousand). */
async function incidentsIn(ctx: FounderContext, from: Date, to: Date) {
  const open = await ctx.alerts.incidents.page({ state: 'unresolved' }, null, 100);
  const recent: AlertRow[] = [];
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await ctx.alerts.incidents.page({ from, to }, after, 100);
    recent.push(...page);
    const last = page[page.length - 1];
    if (page.length < 100 || !last || recent.length >= 1000) break;
    after = { at: last.first_seen_at, id: last.id };
  }
  return { open, recent };
}

export async function dashboard(ctx: FounderContext, query: FounderQuery): Promise<FounderDashboard> {
  const { db } = ctx;
  await ctx.controls.requireFlag('adminBeta');
  const now = ctx.clock.now();
  await rollUp(ctx);
  const { period, launchDay, rows: eventRows } = await eventCounts(ctx, query, now);
  const { from, to, window } = period;
  const share = elapsedShare(from, to, now);
  const targets = window ? SUCCESS_TARGETS[window] : null;

  const [
    signUps,
    drafts,
    published,
    reservations,
    households,
    failed,
    support,
    openNow,
    incidents,
    feedback,
  ] = await Promise.all([
    authStats.signUpsByDay(db, from, to),
    draftStats.draftsByDay(db, from, to),
    listingStats.publicPublishedByDay(db, from, to),
    interestStats.reservationDays(db, dayOf(from), dayOf(to)),
    interestStats.reservationHouseholds(db, from, to),
    jobStats.failedJobs(db, from, to),
    supportStats.openedWithFirstResponse(db, from, to),
    supportStats.openNow(db),
    incidentsIn(ctx, from, to),
    betaStats.feedbackSummary(db, from, to),
  ]);

  const days = dailySeries(from, to, {
    signUps,
    drafts,
    published,
    reservations,
    failed,
    support,
    incidents: incidents.recent,
    events: eventRows,
  });
  const reserved = reservations.reduce((sum, r) => sum + r.made, 0);
  const cancelledOfPeriod = reservations.reduce((sum, r) => sum + r.made_cancelled, 0);
  const rate = reserved === 0 ? null : cancelledOfPeriod / reserved;

  return {
    period: {
      kind: period.kind,
      from: from.toISOString(),
      to: to.toISOString(),
      launch_day: launchDay,
      elapsed_share: round(share),
      as_of: now.toISOString(),
    },
    metrics: metricsOf(days, targets, share, households),
    cancellation_rate: {
      value: rate === null ? null : round(rate),
      cancelled: cancelledOfPeriod,
      reserved,
      target_below: targets?.cancellation_rate_below ?? null,
      status: targets ? rateStatus(rate, targets.cancellation_rate_below, share) : null,
    },
    interest_reservations: households,
    failed_jobs: failedJobsOf(failed),
    support: supportFigures(support, openNow, targets, share, now),
    beta_feedback: {
      available: true,
      reason: null,
      count: feedback.count,
      mean_rating: feedback.mean_rating,
      by_reason: feedback.by_reason,
    },
    incidents: { open: incidents.open.map(incidentOf), recent: incidents.recent.map(incidentOf) },
    funnels: funnelsOf(eventRows, reservations, reserved),
    daily: days,
  };
}

/** A table of the dashboard as CSV lines (header first); the period is checked before the first line. */
export async function exportCsv(
  ctx: FounderContext,
  table: FounderTable,
  query: FounderQuery,
): Promise<AsyncIterable<string>> {
  const d = await dashboard(ctx, query);
  return csvLines(table, d);
}
