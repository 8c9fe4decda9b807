/**
 * The dashboard's figures made from the rows the owning modules counted: the daily series, the
 * metrics against their targets, support's first responses, failed jobs by type, incidents.
 */
import type { FounderDashboard, FounderDay, FounderMetric } from '@kitwright/contracts';
import type { AlertRow } from '../../platform/alerts-repo';
import type { ReservationDay, ReservationHouseholds } from '../interest/stats';
import type { OpenedConversation } from '../support/stats';
import type { EventRow } from './rollup';
import { countStatus, DAY, dayOf, type Status, type SUCCESS_TARGETS, type Window } from './targets';

type Figure = Exclude<keyof FounderDay, 'day'>;
type Targets = (typeof SUCCESS_TARGETS)[Window] | null;
type FailedJobs = Array<{ day: string; type: string; error_code: string; n: number }>;

export const round = (n: number) => Math.round(n * 100) / 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function incidentOf(row: AlertRow) {
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

/** What the daily series is counted from. */
export interface DailySources {
  signUps: Array<{ day: string; n: number }>;
  drafts: Array<{ day: string; n: number }>;
  published: Array<{ day: string; n: number }>;
  reservations: readonly ReservationDay[];
  failed: FailedJobs;
  support: readonly OpenedConversation[];
  incidents: readonly AlertRow[];
  events: readonly EventRow[];
}

/** The daily series: one row per UTC day of the period, every figure. */
export function dailySeries(from: Date, to: Date, s: DailySources): FounderDay[] {
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
  const add = (day: string, key: Figure, n: number) => {
    const row = byDay.get(day);
    if (row) row[key] += n;
  };
  for (const r of s.signUps) add(r.day, 'sign_ups', r.n);
  for (const r of s.drafts) add(r.day, 'saved_drafts', r.n);
  for (const r of s.published) add(r.day, 'published_public_designs', r.n);
  for (const r of s.reservations) {
    add(r.day, 'interest_reservations', r.made);
    if (r.trust === 'verified') add(r.day, 'verified_reservations', r.made);
    if (r.trust === 'visitor') add(r.day, 'visitor_reservations', r.made);
    add(r.day, 'cancellations', r.cancellations);
  }
  for (const r of s.failed) add(r.day, 'failed_jobs', r.n);
  for (const r of s.support) add(dayOf(r.created_at), 'support_opened', 1);
  for (const r of s.incidents) add(dayOf(r.first_seen_at), 'incidents_opened', 1);
  for (const r of s.events) {
    if (r.name === 'create_started') add(r.day, 'design_starts', r.events);
    if (r.name === 'listing_viewed') add(r.day, 'listing_views', r.events);
  }
  return days;
}

/** Every figure of the period, each against its target (when the period is a Success window). */
export function metricsOf(
  days: readonly FounderDay[],
  targets: Targets,
  share: number,
  households: ReservationHouseholds,
): FounderMetric[] {
  const total = (key: Figure) => days.reduce((sum, d) => sum + d[key], 0);
  const metric = (key: Figure, source: string, target: number | null, value = total(key)): FounderMetric => ({
    key,
    value,
    target,
    expected_by_now: target === null ? null : round(target * share),
    status: target === null ? null : countStatus(value, target, share),
    source,
  });
  return [
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
}

/**
 * Support: first response from the first staff message; a breach is a reply after the deadline
 * (or none and the deadline passed). Launch week's target is the same UTC day; otherwise the
 * conversation's own due time (the same business day, as support sets it).
 */
export function supportFigures(
  support: readonly OpenedConversation[],
  openNow: number,
  targets: Targets,
  share: number,
  now: Date,
): FounderDashboard['support'] {
  const sameDay = targets?.support_first_response === 'same_day';
  const deadlineOf = (c: OpenedConversation) =>
    sameDay
      ? new Date(
          Date.UTC(c.created_at.getUTCFullYear(), c.created_at.getUTCMonth(), c.created_at.getUTCDate() + 1),
        )
      : c.due_at;
  const minutes = support
    .filter((c) => c.first_response_at)
    .map((c) => ((c.first_response_at as Date).getTime() - c.created_at.getTime()) / 60_000);
  const breaches = support.filter((c) => {
    const deadline = deadlineOf(c);
    return c.first_response_at ? c.first_response_at > deadline : now > deadline;
  }).length;
  const status: Status | null = !targets ? null : breaches > 0 ? 'behind' : share >= 1 ? 'met' : 'on_track';
  const middle = median(minutes);
  return {
    opened: support.length,
    open_now: openNow,
    first_response: {
      responded: minutes.length,
      awaiting: support.length - minutes.length,
      median_minutes: middle === null ? null : round(middle),
      max_minutes: minutes.length === 0 ? null : round(Math.max(...minutes)),
    },
    breaches,
    target: targets?.support_first_response ?? null,
    status,
  };
}

/** Jobs that ended failed or dead in the period, by type and error code, most first. */
export function failedJobsOf(failed: FailedJobs): FounderDashboard['failed_jobs'] {
  const byType = new Map<string, { type: string; error_code: string; count: number }>();
  for (const r of failed) {
    const k = `${r.type}\u0000${r.error_code}`;
    byType.set(k, { type: r.type, error_code: r.error_code, count: (byType.get(k)?.count ?? 0) + r.n });
  }
  return {
    total: failed.reduce((sum, r) => sum + r.n, 0),
    by_type: [...byType.values()].sort(
      (a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.error_code.localeCompare(b.error_code),
    ),
  };
}
