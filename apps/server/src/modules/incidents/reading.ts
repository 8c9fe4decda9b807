/** Staff read the incidents: a page of them with filters and a cursor, and one with its timeline. */
import type { IncidentFilter } from '../../platform/alerts-repo';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { readPeriod } from '../../platform/period';
import type { IncidentsContext } from './context';
import { type Detail, detail, people, toIncident } from './views';

export interface IncidentsQuery {
  state?: 'open' | 'acknowledged' | 'resolved' | 'unresolved';
  severity?: 'P0' | 'P1' | 'P2';
  alert_key?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

function filterOf(query: IncidentsQuery): IncidentFilter {
  const period = readPeriod(query);
  return {
    ...(query.state ? { state: query.state } : {}),
    ...(query.severity ? { severity: query.severity } : {}),
    ...(query.alert_key ? { alertKey: query.alert_key } : {}),
    ...period,
  };
}

export async function list(ctx: IncidentsContext, query: IncidentsQuery) {
  const limit = query.limit ?? 20;
  const rows = await ctx.alerts.incidents.page(
    filterOf(query),
    query.cursor ? readTimeCursor(query.cursor) : null,
    limit + 1,
  );
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.first_seen_at, id: r.id }));
  const person = await people(
    ctx,
    page.flatMap((r) => [r.assignee_id, r.acknowledged_by, r.resolved_by]),
  );
  return { items: page.map((r) => toIncident(r, person)), next_cursor };
}

export async function get(ctx: IncidentsContext, id: string): Promise<Detail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const found = await ctx.alerts.incidents.get(id);
  if (!found) throw new AppError('NOT_FOUND');
  return detail(ctx, found.incident, found.notes);
}
