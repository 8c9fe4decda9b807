/**
 * The founder dashboard: the beta's figures for a period (launch week, the first 30 days, or whole
 * UTC days of one's choosing), each against the spec's Success targets; the funnels by first-touch
 * source and device class; a daily series of every figure; CSV exports of every table.
 *
 * Every figure is counted by the database from the rows of the module that owns them (its
 * `stats.ts`), or — for product events — from this module's rollup of them (founder_event_days)
 * plus the events received since the rollup's mark, read live. Nothing is estimated.
 */
import type {
  FounderDashboard,
  FounderDay,
  FounderMetric,
  FounderQuery,
  FounderTable,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { AlertRow } from '../../platform/alerts-repo';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { type EventDayCount, eventCountsReceived } from '../../platform/product-events';
import * as authStats from '../auth/stats';
import * as betaStats from '../beta/stats';
import * as draftStats from '../drafts/stats';
import * as interestStats from '../interest/stats';
import * as jobStats from '../jobs/stats';
import * as listingStats from '../listings/stats';
import * as supportStats from '../support/stats';
import { csvLines } from './csv';
import * as repo from './repo';
import {
  countStatus,
  DAY,
  dayOf,
  elapsedShare,
  rateStatus,
  resolvePeriod,
  type Status,
  SUCCESS_TARGETS,
} from './targets';

/** How far behind the rollup's mark may fall before a read moves it (the rest is read live). */
const ROLLUP_STEP_MS = 60_000;

/** The funnels' steps: product events, and a reservation row for the last step of the second. */
export const CREATE_FUNNEL = [
  'session_started',
  'create_started',
  'draft_saved',
  'listing_published',
] as const;
export const RESERVE_FUNNEL = ['listing_viewed', 'interest_reservation'] as const;
/** The product events the dashboard reads from its rollup. */
const EVENT_NAMES = [...CREATE_FUNNEL, 'listing_viewed'] as const;

export interface FounderDeps {
  db: Kysely<DB>;
  clock: Clock;
  controls: DeliveryControls;
  alerts: AlertService;
  /**
   * How old an event's arrival must be before the rollup takes it (a write that started before the
   * mark but committed after it would otherwise be missed). Newer events are counted live.
   */
  rollupLagMs?: number;
}

function steps(counts: readonly number[], names: readonly string[]) {
  return names.map((step, i) => {
    const count = counts[i] ?? 0;
    const previous = i === 0 ? 0 : (counts[i - 1] ?? 0);
    return { step, count, conversion: i === 0 || previous === 0 ? null : count / previous };
  });
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round = (n: number) => Math.round(n * 100) / 100;

function incidentOf(row: AlertRow) {
  return {
    id: row.id,
    alert_key: row.alert_key,
    severity: row.severity,
    title: row.title,
    state: row.state,
    occurrences: row.occurrences,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    resolved_at: row.resolved_at ? row.resolved_at.toISOString() : null,
  };
}

export type FounderService = ReturnType<typeof createFounderService>;

export function createFounderService(deps: FounderDeps) {
  const { db, clock } = deps;
  const lagMs = deps.rollupLagMs ?? 5000;

  /**
   * Moves the rollup's mark to the database's now less the lag, counting the events in between once.
   * A mark less than a step behind is left alone (those events are read live), so most reads take
   * no lock and write nothing.
   */
  async function rollUp(): Promise<void> {
    const peek = await repo.peekMark(db, lagMs);
    if (peek.upto.getTime() - peek.mark.getTime() < ROLLUP_STEP_MS) return;
    await db.transaction().execute(async (trx) => {
      const lock = await repo.lockMark(trx, lagMs);
      if (!lock || lock.upto <= lock.mark) return;
      const rows = await eventCountsReceived(trx, lock.mark, lock.upto);
      await repo.addCounts(trx, rows, lock.upto);
    });
  }

  /** The rolled-up counts and the live tail (events received after the mark), in one snapshot. */
  async function eventCounts(query: FounderQuery, now: Date) {
    return db
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

  async function incidentsIn(from: Date, to: Date) {
    const open = await deps.alerts.incidents.page({ state: 'unresolved' }, null, 100);
    const recent: AlertRow[] = [];
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page = await deps.alerts.incidents.page({ from, to }, after, 100);
      recent.push(...page);
      const last = page[page.length - 1];
      if (page.length < 100 || !last || recent.length >= 1000) break;
      after = { at: last.first_seen_at, id: last.id };
    }
    return { open, recent };
  }

  async function dashboard(query: FounderQuery): Promise<FounderDashboard> {
    await deps.controls.requireFlag('adminBeta');
    const now = clock.now();
    await rollUp();
    const { period, launchDay, rows: eventRows } = await eventCounts(query, now);
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
      incidentsIn(from, to),
      betaStats.feedbackSummary(db, from, to),
    ]);

    // The daily series: one row per UTC day of the period, every figure.
    const days: FounderDay[] = [];
    const byDay = new Map<string, FounderDay>();
    for (let t = from.getTime(); t < to.getTime(); t += DAY) {
      const day: FounderDay = {
        day: dayOf(new Date(t)),
        sign_ups: 0,
        design_starts: 0,
        saved_drafts: 0,
        published_public_designs: 0,
        listing_views: 0,
        interest_reservations: 0,
        verified_reservations: 0,
        visitor_reservations: 0,
        cancellations: 0,
        failed_jobs: 0,
        support_opened: 0,
        incidents_opened: 0,
      };
      days.push(day);
      byDay.set(day.day, day);
    }
    const add = (day: string, key: Exclude<keyof FounderDay, 'day'>, n: number) => {
      const row = byDay.get(day);
      if (row) row[key] += n;
    };
    for (const r of signUps) add(r.day, 'sign_ups', r.n);
    for (const r of drafts) add(r.day, 'saved_drafts', r.n);
    for (const r of published) add(r.day, 'published_public_designs', r.n);
    for (const r of reservations) {
      add(r.day, 'interest_reservations', r.made);
      if (r.trust === 'verified') add(r.day, 'verified_reservations', r.made);
      if (r.trust === 'visitor') add(r.day, 'visitor_reservations', r.made);
      add(r.day, 'cancellations', r.cancellations);
    }
    for (const r of failed) add(r.day, 'failed_jobs', r.n);
    for (const r of support) add(dayOf(r.created_at), 'support_opened', 1);
    for (const r of incidents.recent) add(dayOf(r.first_seen_at), 'incidents_opened', 1);
    for (const r of eventRows) {
      if (r.name === 'create_started') add(r.day, 'design_starts', r.events);
      if (r.name === 'listing_viewed') add(r.day, 'listing_views', r.events);
    }
    const total = (key: Exclude<keyof FounderDay, 'day'>) => days.reduce((sum, d) => sum + d[key], 0);

    const metric = (
      key: Exclude<keyof FounderDay, 'day'>,
      source: string,
      target: number | null,
      value = total(key),
    ): FounderMetric => {
      return {
        key,
        value,
        target,
        expected_by_now: target === null ? null : round(target * share),
        status: target === null ? null : countStatus(value, target, share),
        source,
      };
    };
    const metrics = [
      metric('sign_ups', 'users created with the user role', targets?.sign_ups ?? null),
      metric('design_starts', 'create_started product events', targets?.design_starts ?? null),
      metric('saved_drafts', 'design drafts created', targets?.saved_drafts ?? null),
      metric(
        'published_public_designs',
        'listings published with public visibility',
        targets?.published_public_designs ?? null,
      ),
      metric('listing_views', 'listing_viewed product events', targets?.listing_views ?? null),
      // Judged on distinct households with flagged bursts left out (raw and flagged beside it, in
      // interest_reservations); the daily series and the reserve funnel stay raw.
      metric(
        'interest_reservations',
        'distinct households (networks) among the interest reservations made, flagged bursts left out',
        targets?.interest_reservations ?? null,
        households.households,
      ),
      // These say how far the reservations' holders were proven.
      metric('verified_reservations', 'interest reservations made by verified accounts', null),
      metric('visitor_reservations', 'interest reservations made by visitor sessions (no account)', null),
      metric('cancellations', 'interest reservations cancelled', null),
      metric('failed_jobs', 'jobs ended failed or dead', null),
      metric('support_opened', 'support conversations opened', null),
      metric('incidents_opened', 'alert records first seen', null),
    ];

    const reserved = reservations.reduce((sum, r) => sum + r.made, 0);
    const cancelledOfPeriod = reservations.reduce((sum, r) => sum + r.made_cancelled, 0);
    const rate = reserved === 0 ? null : cancelledOfPeriod / reserved;

    // Support: first response from the first staff message; a breach is a reply after the deadline
    // (or none and the deadline passed). Launch week's target is the same UTC day; otherwise the
    // conversation's own due time (the same business day, as support sets it).
    const sameDay = targets?.support_first_response === 'same_day';
    const deadlineOf = (c: supportStats.OpenedConversation) =>
      sameDay
        ? new Date(
            Date.UTC(
              c.created_at.getUTCFullYear(),
              c.created_at.getUTCMonth(),
              c.created_at.getUTCDate() + 1,
            ),
          )
        : c.due_at;
    const minutes = support
      .filter((c) => c.first_response_at)
      .map((c) => ((c.first_response_at as Date).getTime() - c.created_at.getTime()) / 60_000);
    const breaches = support.filter((c) => {
      const deadline = deadlineOf(c);
      return c.first_response_at ? c.first_response_at > deadline : now > deadline;
    }).length;
    const supportStatus: Status | null = !targets
      ? null
      : breaches > 0
        ? 'behind'
        : share >= 1
          ? 'met'
          : 'on_track';

    // Funnels.
    const eventTotal = (name: string, dim?: { key: 'source' | 'device_class'; value: string }) =>
      eventRows
        .filter((r) => r.name === name && (!dim || r[dim.key] === dim.value))
        .reduce((sum, r) => sum + r.events, 0);
    const segmentsOf = (key: 'source' | 'device_class', names: readonly string[]) =>
      [...new Set(eventRows.filter((r) => names.includes(r.name)).map((r) => r[key]))].sort();
    const createSteps = (dim?: { key: 'source' | 'device_class'; value: string }) =>
      steps(
        CREATE_FUNNEL.map((name) => eventTotal(name, dim)),
        CREATE_FUNNEL,
      );
    const reservedBySource = new Map<string, number>();
    for (const r of reservations)
      if (r.made > 0) reservedBySource.set(r.source, (reservedBySource.get(r.source) ?? 0) + r.made);
    const reserveSources = [
      ...new Set([...segmentsOf('source', ['listing_viewed']), ...reservedBySource.keys()]),
    ].sort();
    const funnels = [
      {
        key: 'create',
        steps: createSteps(),
        by_source: segmentsOf('source', CREATE_FUNNEL).map((value) => ({
          value,
          steps: createSteps({ key: 'source', value }),
        })),
        by_device: segmentsOf('device_class', CREATE_FUNNEL).map((value) => ({
          value,
          steps: createSteps({ key: 'device_class', value }),
        })),
      },
      {
        key: 'reserve',
        steps: steps([eventTotal('listing_viewed'), reserved], RESERVE_FUNNEL),
        by_source: reserveSources.map((value) => ({
          value,
          steps: steps(
            [eventTotal('listing_viewed', { key: 'source', value }), reservedBySource.get(value) ?? 0],
            RESERVE_FUNNEL,
          ),
        })),
        // A reservation records no device class, so this funnel is not broken down by device.
        by_device: null,
      },
    ];

    return {
      period: {
        kind: period.kind,
        from: from.toISOString(),
        to: to.toISOString(),
        launch_day: launchDay,
        elapsed_share: round(share),
        as_of: now.toISOString(),
      },
      metrics,
      cancellation_rate: {
        value: rate === null ? null : round(rate),
        cancelled: cancelledOfPeriod,
        reserved,
        target_below: targets?.cancellation_rate_below ?? null,
        status: targets ? rateStatus(rate, targets.cancellation_rate_below, share) : null,
      },
      interest_reservations: households,
      failed_jobs: {
        total: failed.reduce((sum, r) => sum + r.n, 0),
        by_type: [
          ...failed
            .reduce((map, r) => {
              const k = `${r.type}\u0000${r.error_code}`;
              map.set(k, { type: r.type, error_code: r.error_code, count: (map.get(k)?.count ?? 0) + r.n });
              return map;
            }, new Map<string, { type: string; error_code: string; count: number }>())
            .values(),
        ].sort(
          (a, b) =>
            b.count - a.count || a.type.localeCompare(b.type) || a.error_code.localeCompare(b.error_code),
        ),
      },
      support: {
        opened: support.length,
        open_now: openNow,
        first_response: {
          responded: minutes.length,
          awaiting: support.length - minutes.length,
          median_minutes: (() => {
            const m = median(minutes);
            return m === null ? null : round(m);
          })(),
          max_minutes: minutes.length === 0 ? null : round(Math.max(...minutes)),
        },
        breaches,
        target: targets?.support_first_response ?? null,
        status: supportStatus,
      },
      beta_feedback: {
        available: true,
        reason: null,
        count: feedback.count,
        mean_rating: feedback.mean_rating,
        by_reason: feedback.by_reason,
      },
      incidents: { open: incidents.open.map(incidentOf), recent: incidents.recent.map(incidentOf) },
      funnels,
      daily: days,
    };
  }

  /** A table of the dashboard as CSV lines (header first); the period is checked before the first line. */
  async function exportCsv(table: FounderTable, query: FounderQuery): Promise<AsyncIterable<string>> {
    const d = await dashboard(query);
    return csvLines(table, d);
  }

  return {
    dashboard,
    exportCsv,
    rollUp,
    /** The first UTC day with a rolled-up server event: the launch day when none is configured. */
    firstRecordedDay: async () => {
      await rollUp();
      return repo.firstDay(db);
    },
  };
}
