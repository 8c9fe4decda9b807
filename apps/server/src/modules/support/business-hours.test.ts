import { describe, expect, it } from 'vitest';
import type { BusinessHours } from '../../config';
import {
  DEFAULT_BUSINESS_HOURS,
  easterSunday,
  englandWalesBankHolidays,
  firstResponseDue,
  responseTimeBucket,
} from './business-hours';

const due = (at: string, hours?: BusinessHours) => firstResponseDue(new Date(at), hours).toISOString();

describe('England-and-Wales bank holidays by rule', () => {
  it('finds Easter by the computus', () => {
    expect(easterSunday(2019).toISOString().slice(0, 10)).toBe('2019-04-21');
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2038).toISOString().slice(0, 10)).toBe('2038-04-25');
  });

  it('lists the eight days with their weekend substitutes', () => {
    expect(englandWalesBankHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    // Christmas on a Saturday: Monday and Tuesday; New Year on a Saturday: Monday 3rd.
    expect(englandWalesBankHolidays(2021)).toContain('2021-12-27');
    expect(englandWalesBankHolidays(2021)).toContain('2021-12-28');
    expect(englandWalesBankHolidays(2022)).toContain('2022-01-03');
    // Christmas on a Sunday: Boxing Day Monday, Christmas substitute Tuesday.
    expect(englandWalesBankHolidays(2022).filter((d) => d.startsWith('2022-12'))).toEqual([
      '2022-12-26',
      '2022-12-27',
    ]);
    // New Year on a Sunday: Monday 2nd.
    expect(englandWalesBankHolidays(2023)[0]).toBe('2023-01-02');
  });
});

describe('first response due (same UK business day)', () => {
  it('is the end of the same working day, before opening time included', () => {
    expect(due('2026-11-25T07:00:00Z')).toBe('2026-11-25T17:30:00.000Z');
    expect(due('2026-11-25T12:00:00Z')).toBe('2026-11-25T17:30:00.000Z');
    // At or after closing: the next working day's end.
    expect(due('2026-11-25T17:30:00Z')).toBe('2026-11-26T17:30:00.000Z');
  });

  it('skips a weekend', () => {
    expect(due('2026-11-27T18:00:00Z')).toBe('2026-11-30T17:30:00.000Z');
    expect(due('2026-11-28T10:00:00Z')).toBe('2026-11-30T17:30:00.000Z');
  });

  it('skips a bank holiday Monday after a weekend, and Easter', () => {
    // Friday 28 August 2026, 18:00 BST: Monday 31 August is the summer bank holiday.
    expect(due('2026-08-28T17:00:00Z')).toBe('2026-09-01T16:30:00.000Z');
    // Maundy Thursday evening: Good Friday, the weekend and Easter Monday pass.
    expect(due('2026-04-02T18:00:00Z')).toBe('2026-04-07T16:30:00.000Z');
    // Christmas Eve 2026 evening: Christmas Friday, weekend, substitute Boxing Day Monday.
    expect(due('2026-12-24T18:00:00Z')).toBe('2026-12-29T17:30:00.000Z');
  });

  it('follows British Summer Time starting and ending over a weekend', () => {
    // GMT Friday evening → Monday in BST: 17:30 local is 16:30 UTC.
    expect(due('2026-03-27T18:00:00Z')).toBe('2026-03-30T16:30:00.000Z');
    // BST Friday evening (18:00 local) → Monday back in GMT.
    expect(due('2026-10-23T17:00:00Z')).toBe('2026-10-26T17:30:00.000Z');
    // 17:00 UTC in summer is 18:00 local: already after hours.
    expect(due('2026-07-01T17:00:00Z')).toBe('2026-07-02T16:30:00.000Z');
  });

  it('knows the one-offs: a state funeral added, a bank holiday moved', () => {
    expect(due('2022-09-16T17:00:00Z')).toBe('2022-09-20T16:30:00.000Z');
    // 2020: early May moved from Monday 4th to Friday 8th (VE Day).
    expect(due('2020-05-01T17:00:00Z')).toBe('2020-05-04T16:30:00.000Z');
    expect(due('2020-05-07T17:00:00Z')).toBe('2020-05-11T16:30:00.000Z');
    expect(due('2023-05-05T17:00:00Z')).toBe('2023-05-09T16:30:00.000Z');
  });

  it('takes configured holidays, working days, hours and zone', () => {
    const extra = { ...DEFAULT_BUSINESS_HOURS, extraHolidays: ['2026-11-30'] };
    expect(due('2026-11-27T18:00:00Z', extra)).toBe('2026-12-01T17:30:00.000Z');
    const moved = { ...DEFAULT_BUSINESS_HOURS, workingDays: ['2026-08-31'] };
    expect(due('2026-08-28T17:00:00Z', moved)).toBe('2026-08-31T16:30:00.000Z');
    const none = { ...DEFAULT_BUSINESS_HOURS, bankHolidays: 'none' as const };
    expect(due('2026-08-28T17:00:00Z', none)).toBe('2026-08-31T16:30:00.000Z');
    const ny = {
      ...DEFAULT_BUSINESS_HOURS,
      timezone: 'America/New_York',
      dayEndMinutes: 17 * 60,
      bankHolidays: 'none' as const,
    };
    expect(due('2026-11-25T20:00:00Z', ny)).toBe('2026-11-25T22:00:00.000Z');
    expect(due('2026-11-25T23:00:00Z', ny)).toBe('2026-11-26T22:00:00.000Z');
  });
});

describe('response-time bucket', () => {
  it('sorts a first response by how long it took in business terms', () => {
    const at = new Date('2026-11-25T09:30:00Z');
    const after = (ms: number) => responseTimeBucket(at, new Date(at.getTime() + ms));
    expect(after(30 * 60_000)).toBe('under_1h');
    expect(after(3 * 3600_000)).toBe('under_4h');
    expect(after(7 * 3600_000)).toBe('same_day');
    expect(after(24 * 3600_000)).toBe('next_day');
    expect(after(3 * 24 * 3600_000)).toBe('later');
    // Friday 17:00 to Monday 09:30: half an hour on each side of the weekend is one business hour.
    expect(responseTimeBucket(new Date('2026-11-27T17:00:00Z'), new Date('2026-11-30T09:30:00Z'))).toBe(
      'under_4h',
    );
    expect(responseTimeBucket(new Date('2026-11-27T17:00:00Z'), new Date('2026-11-30T09:20:00Z'))).toBe(
      'under_1h',
    );
  });
});
