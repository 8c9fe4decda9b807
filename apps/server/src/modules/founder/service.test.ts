/** The founder dashboard's rules on their own: periods, the elapsed share and the target statuses. */
import { describe, expect, it } from 'vitest';
import { countStatus, elapsedShare, rateStatus, resolvePeriod } from './targets';

const now = new Date('2026-03-10T12:00:00Z');

describe('target status', () => {
  it('is met once reached, on track at or above the pro-rated target, behind below it', () => {
    expect(countStatus(50, 50, 0.2)).toBe('met');
    expect(countStatus(60, 50, 1)).toBe('met');
    expect(countStatus(10, 50, 0.2)).toBe('on_track');
    expect(countStatus(9, 50, 0.2)).toBe('behind');
    expect(countStatus(0, 50, 0)).toBe('on_track');
    expect(countStatus(49, 50, 1)).toBe('behind');
  });

  it('holds a rate below its ceiling: behind at or above it, met once the window is over', () => {
    expect(rateStatus(0.15, 0.15, 0.5)).toBe('behind');
    expect(rateStatus(0.1, 0.15, 0.5)).toBe('on_track');
    expect(rateStatus(0.1, 0.15, 1)).toBe('met');
    expect(rateStatus(null, 0.15, 0.5)).toBe('on_track');
    expect(rateStatus(null, 0.15, 1)).toBe('met');
  });

  it('measures the elapsed share of a period, within 0 and 1', () => {
    const from = new Date('2026-03-01T00:00:00Z');
    expect(elapsedShare(from, new Date('2026-03-31T00:00:00Z'), now)).toBeCloseTo(9.5 / 30);
    expect(elapsedShare(from, new Date('2026-03-08T00:00:00Z'), now)).toBe(1);
    expect(elapsedShare(new Date('2026-04-01T00:00:00Z'), new Date('2026-04-08T00:00:00Z'), now)).toBe(0);
  });
});

describe('periods', () => {
  it('starts launch periods on the launch day, or today before there is one', () => {
    expect(resolvePeriod({}, '2026-03-01', now)).toEqual({
      kind: 'launch_week',
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-08T00:00:00Z'),
      window: 'launch_week',
    });
    expect(resolvePeriod({ period: 'first_30_days' }, null, now)).toMatchObject({
      from: new Date('2026-03-10T00:00:00Z'),
      to: new Date('2026-04-09T00:00:00Z'),
    });
  });

  it('takes custom whole UTC days and refuses anything else', () => {
    expect(
      resolvePeriod({ from: '2026-03-02T00:00:00Z', to: '2026-03-04T00:00:00Z' }, null, now),
    ).toMatchObject({
      kind: 'custom',
      window: null,
    });
    const refused = (q: Parameters<typeof resolvePeriod>[0]) => () => resolvePeriod(q, '2026-03-01', now);
    expect(refused({ period: 'custom', from: '2026-03-02T00:00:00Z' })).toThrow(/needs from and to/);
    expect(refused({ from: '2026-03-02T01:00:00Z', to: '2026-03-04T00:00:00Z' })).toThrow(/whole UTC days/);
    expect(refused({ from: '2026-03-04T00:00:00Z', to: '2026-03-02T00:00:00Z' })).toThrow(/end after/);
    expect(refused({ from: '2025-01-01T00:00:00Z', to: '2026-03-02T00:00:00Z' })).toThrow(/at most 366/);
    expect(refused({ period: 'launch_week', to: '2026-03-02T00:00:00Z' })).toThrow(/period=custom/);
  });
});
