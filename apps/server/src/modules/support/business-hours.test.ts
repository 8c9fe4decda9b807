import { describe, expect, it } from 'vitest';
import { firstResponseDue } from './service';

describe('first response due (support business day)', () => {
  it('is 17:30 UTC the same working day by default, the next working day after hours and at weekends', () => {
    expect(firstResponseDue(new Date('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-11-25T17:30:00.000Z');
    expect(firstResponseDue(new Date('2026-11-25T17:30:00Z')).toISOString()).toBe('2026-11-26T17:30:00.000Z');
    // Friday evening and Saturday → Monday.
    expect(firstResponseDue(new Date('2026-11-27T18:00:00Z')).toISOString()).toBe('2026-11-30T17:30:00.000Z');
    expect(firstResponseDue(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-30T17:30:00.000Z');
  });

  it('follows the configured time zone and day end, summer time included', () => {
    const ny = { timezone: 'America/New_York', dayEndMinutes: 17 * 60 };
    // 20:00 UTC on a winter Wednesday is 15:00 in New York: due 17:00 EST = 22:00 UTC.
    expect(firstResponseDue(new Date('2026-11-25T20:00:00Z'), ny).toISOString()).toBe(
      '2026-11-25T22:00:00.000Z',
    );
    // 23:00 UTC is 18:00 there, after hours: due the next day.
    expect(firstResponseDue(new Date('2026-11-25T23:00:00Z'), ny).toISOString()).toBe(
      '2026-11-26T22:00:00.000Z',
    );
    const london = { timezone: 'Europe/London', dayEndMinutes: 17 * 60 + 30 };
    // In British Summer Time 17:30 local is 16:30 UTC.
    expect(firstResponseDue(new Date('2026-07-01T09:00:00Z'), london).toISOString()).toBe(
      '2026-07-01T16:30:00.000Z',
    );
  });
});
