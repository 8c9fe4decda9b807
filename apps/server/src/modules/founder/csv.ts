/** The founder dashboard's tables as CSV lines (header first), each with exactly the dashboard's figures. */
import type { FounderDashboard, FounderDay, FounderTable } from '@kitwright/contracts';
import { csvRow } from '../../platform/csv';

export async function* csvLines(table: FounderTable, d: FounderDashboard): AsyncGenerator<string> {
  switch (table) {
    case 'metrics': {
      yield csvRow(['metric', 'value', 'target', 'expected_by_now', 'status', 'source']);
      for (const m of d.metrics)
        yield csvRow([m.key, m.value, m.target, m.expected_by_now, m.status, m.source]);
      const c = d.cancellation_rate;
      yield csvRow([
        'cancellation_rate',
        c.value,
        c.target_below,
        null,
        c.status,
        `${c.cancelled} of ${c.reserved} reservations made in the period are cancelled`,
      ]);
      const r = d.interest_reservations;
      yield csvRow([
        'interest_reservations_raw',
        r.raw,
        null,
        null,
        null,
        'interest reservations made, flagged ones and repeat households included',
      ]);
      yield csvRow([
        'interest_reservations_flagged',
        r.flagged,
        null,
        null,
        null,
        'of those, flagged for review as a burst from one network',
      ]);
      yield csvRow(['support_breaches', d.support.breaches, 0, null, d.support.status, d.support.target]);
      return;
    }
    case 'daily': {
      const keys = Object.keys(d.daily[0] ?? { day: '' }) as (keyof FounderDay)[];
      yield csvRow(keys);
      for (const day of d.daily) yield csvRow(keys.map((k) => day[k]));
      return;
    }
    case 'failed_jobs': {
      yield csvRow(['type', 'error_code', 'count']);
      for (const r of d.failed_jobs.by_type) yield csvRow([r.type, r.error_code, r.count]);
      return;
    }
    case 'funnels': {
      yield csvRow(['funnel', 'breakdown', 'segment', 'step', 'count', 'conversion']);
      for (const f of d.funnels) {
        for (const s of f.steps) yield csvRow([f.key, 'all', '', s.step, s.count, s.conversion]);
        for (const seg of f.by_source)
          for (const s of seg.steps)
            yield csvRow([f.key, 'source', seg.value, s.step, s.count, s.conversion]);
        for (const seg of f.by_device ?? [])
          for (const s of seg.steps)
            yield csvRow([f.key, 'device', seg.value, s.step, s.count, s.conversion]);
      }
      return;
    }
    case 'support': {
      const s = d.support;
      yield csvRow([
        'opened',
        'open_now',
        'responded',
        'awaiting',
        'median_first_response_minutes',
        'max_first_response_minutes',
        'breaches',
        'target',
        'status',
      ]);
      yield csvRow([
        s.opened,
        s.open_now,
        s.first_response.responded,
        s.first_response.awaiting,
        s.first_response.median_minutes,
        s.first_response.max_minutes,
        s.breaches,
        s.target,
        s.status,
      ]);
      return;
    }
    case 'beta_feedback': {
      const f = d.beta_feedback;
      yield csvRow(['reason', 'count', 'mean_rating_all']);
      for (const r of f.by_reason) yield csvRow([r.reason, r.count, f.mean_rating]);
      yield csvRow(['all', f.count, f.mean_rating]);
      return;
    }
    case 'incidents': {
      yield csvRow([
        'list',
        'id',
        'alert_key',
        'severity',
        'title',
        'state',
        'occurrences',
        'first_seen_at',
        'last_seen_at',
        'resolved_at',
      ]);
      for (const [list, rows] of [
        ['open', d.incidents.open],
        ['recent', d.incidents.recent],
      ] as const)
        for (const i of rows)
          yield csvRow([
            list,
            i.id,
            i.alert_key,
            i.severity,
            i.title,
            i.state,
            i.occurrences,
            i.first_seen_at,
            i.last_seen_at,
            i.resolved_at,
          ]);
      return;
    }
  }
}
