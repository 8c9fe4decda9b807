/**
 * The dashboard's funnels: creating (product events, by first-touch source and device class) and
 * reserving (listing views, then the reservation rows, by source; a reservation records no device).
 */
import type { FounderDashboard } from '@kitwright/contracts';
import type { ReservationDay } from '../interest/stats';
import type { EventRow } from './rollup';

/** The funnels' steps: product events, and a reservation row for the last step of the second. */
export const CREATE_FUNNEL = [
  'session_started',
  'create_started',
  'draft_saved',
  'listing_published',
] as const;
export const RESERVE_FUNNEL = ['listing_viewed', 'interest_reservation'] as const;
/** The product events the dashboard reads from its rollup. */
export const EVENT_NAMES = [...CREATE_FUNNEL, 'listing_viewed'] as const;

type Dimension = { key: 'source' | 'device_class'; value: string };

function steps(counts: readonly number[], names: readonly string[]) {
  return names.map((step, i) => {
    const count = counts[i] ?? 0;
    const previous = i === 0 ? 0 : (counts[i - 1] ?? 0);
    return { step, count, conversion: i === 0 || previous === 0 ? null : count / previous };
  });
}

export function funnelsOf(
  eventRows: readonly EventRow[],
  reservations: readonly ReservationDay[],
  reserved: number,
): FounderDashboard['funnels'] {
  const eventTotal = (name: string, dim?: Dimension) =>
    eventRows
      .filter((r) => r.name === name && (!dim || r[dim.key] === dim.value))
      .reduce((sum, r) => sum + r.events, 0);
  const segmentsOf = (key: 'source' | 'device_class', names: readonly string[]) =>
    [...new Set(eventRows.filter((r) => names.includes(r.name)).map((r) => r[key]))].sort();
  const createSteps = (dim?: Dimension) =>
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
  return [
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
}
