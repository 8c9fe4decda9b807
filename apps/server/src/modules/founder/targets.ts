/**
 * The founder dashboard's rules on their own: the spec's Success targets, the period a query names,
 * the elapsed share of it, and a figure's status against its target.
 */
import { FOUNDER_MAX_DAYS, type FounderPeriodKind, type FounderQuery } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { readPeriod } from '../../platform/period';

export const DAY = 86_400_000;

/** The spec's Success targets (launch week, first 30 days). */
export const SUCCESS_TARGETS = {
  launch_week: {
    sign_ups: 50,
    design_starts: 25,
    saved_drafts: 15,
    published_public_designs: 10,
    listing_views: 250,
    interest_reservations: 15,
    cancellation_rate_below: 0.15,
    support_first_response: 'same_day',
  },
  first_30_days: {
    sign_ups: 500,
    design_starts: 500,
    saved_drafts: 300,
    published_public_designs: 100,
    listing_views: 5000,
    interest_reservations: 250,
    cancellation_rate_below: 0.2,
    support_first_response: 'same_business_day',
  },
} as const;

export type Window = keyof typeof SUCCESS_TARGETS;
export type Status = 'met' | 'on_track' | 'behind';

export interface ResolvedPeriod {
  kind: FounderPeriodKind;
  from: Date;
  to: Date;
  window: Window | null;
}

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isMidnight = (d: Date) => d.getTime() % DAY === 0;

/** The period a query names; launch periods start on the launch day (today when there is none yet). */
export function resolvePeriod(query: FounderQuery, launchDay: string | null, now: Date): ResolvedPeriod {
  const custom = query.period === 'custom' || (!query.period && (query.from || query.to));
  if (!custom) {
    if (query.from || query.to)
      throw new AppError('VALIDATION_FAILED', 'from and to go with period=custom.', {
        fields: { period: 'must be custom with from and to' },
      });
    const kind = query.period ?? 'launch_week';
    const from = new Date(`${launchDay ?? dayOf(now)}T00:00:00Z`);
    const days = kind === 'launch_week' ? 7 : 30;
    return { kind, from, to: new Date(from.getTime() + days * DAY), window: kind as Window };
  }
  if (!query.from || !query.to)
    throw new AppError('VALIDATION_FAILED', 'A custom period needs from and to.', {
      fields: { [query.from ? 'to' : 'from']: 'is required for a custom period' },
    });
  const period = readPeriod(query);
  const from = period.from as Date;
  const to = period.to as Date;
  const fields: Record<string, string> = {};
  if (!isMidnight(from)) fields.from = 'must be a UTC midnight (whole days)';
  if (!isMidnight(to)) fields.to = 'must be a UTC midnight (whole days)';
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', 'A custom period is whole UTC days.', { fields });
  if ((to.getTime() - from.getTime()) / DAY > FOUNDER_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', `A custom period is at most ${FOUNDER_MAX_DAYS} days.`, {
      fields: { to: `is more than ${FOUNDER_MAX_DAYS} days after from` },
    });
  return { kind: 'custom', from, to, window: null };
}

/** Share of the period already past, 0 to 1. */
export function elapsedShare(from: Date, to: Date, now: Date): number {
  const share = (now.getTime() - from.getTime()) / (to.getTime() - from.getTime());
  return Math.min(1, Math.max(0, share));
}

/**
 * Against a count target: met once reached; on track while at or above the target pro-rated by the
 * elapsed share of the window (target × share); behind below that.
 */
export function countStatus(value: number, target: number, share: number): Status {
  if (value >= target) return 'met';
  return value >= target * share ? 'on_track' : 'behind';
}

/** Against a "below" target: behind at or above it; met once the window is over; on track before. */
export function rateStatus(rate: number | null, below: number, share: number): Status {
  if (rate !== null && rate >= below) return 'behind';
  return share >= 1 ? 'met' : 'on_track';
}
