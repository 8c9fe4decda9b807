/**
 * Support's business hours and the first-response clock: a conversation is due the same business
 * day (by the day's end), or by the end of the next working day when it arrives after hours, at a
 * weekend or on a bank holiday. Defaults: Europe/London, 09:00–17:30, Monday to Friday, England
 * and Wales bank holidays computed by rule, plus the one-off changes listed below; operations add
 * dates (SUPPORT_EXTRA_HOLIDAYS) or take rule dates away (SUPPORT_WORKING_DAYS) for new one-offs.
 */
import type { BusinessHours } from '../../config';

export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  timezone: 'Europe/London',
  dayStartMinutes: 9 * 60,
  dayEndMinutes: 17 * 60 + 30,
  bankHolidays: 'england-and-wales',
  extraHolidays: [],
  workingDays: [],
};

/**
 * England-and-Wales one-offs the rules cannot know (royal occasions, moved days): dates added and
 * rule dates that were moved away. Later ones come from configuration.
 */
export const ENGLAND_WALES_ONE_OFFS = {
  added: [
    '2011-04-29', // royal wedding
    '2012-06-04', // spring bank holiday moved (Diamond Jubilee)
    '2012-06-05', // Diamond Jubilee
    '2020-05-08', // early May bank holiday moved to VE Day
    '2022-06-02', // spring bank holiday moved (Platinum Jubilee)
    '2022-06-03', // Platinum Jubilee
    '2022-09-19', // state funeral of Queen Elizabeth II
    '2023-05-08', // coronation of King Charles III
  ],
  removed: ['2012-05-28', '2020-05-04', '2022-05-30'],
} as const;

const DAY = 24 * 3600_000;

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus), as a UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** The first Monday of a month, or the last when `last`. */
function monday(year: number, month: number, last: boolean): Date {
  if (!last) {
    const first = utc(year, month, 1);
    return new Date(first.getTime() + ((8 - first.getUTCDay()) % 7) * DAY);
  }
  const end = utc(year, month + 1, 0);
  return new Date(end.getTime() - ((end.getUTCDay() + 6) % 7) * DAY);
}

/**
 * The England-and-Wales bank holidays of a year by rule (Banking and Financial Dealings Act 1971
 * and the usual substitutions), without one-offs: New Year's Day, Good Friday, Easter Monday,
 * early May, spring and summer bank holidays, Christmas Day and Boxing Day. A holiday on a weekend
 * moves to the next weekday not already a holiday.
 */
export function englandWalesBankHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const days: Date[] = [];
  // New Year's Day: Saturday or Sunday moves to Monday.
  const ny = utc(year, 1, 1);
  days.push(ny.getUTCDay() === 6 ? utc(year, 1, 3) : ny.getUTCDay() === 0 ? utc(year, 1, 2) : ny);
  days.push(new Date(easter.getTime() - 2 * DAY), new Date(easter.getTime() + DAY));
  days.push(monday(year, 5, false), monday(year, 5, true), monday(year, 8, true));
  // Christmas and Boxing Day: each weekend day moves to the next free weekday.
  const christmas = utc(year, 12, 25);
  const dow = christmas.getUTCDay();
  if (dow === 5)
    days.push(christmas, utc(year, 12, 28)); // Fri; Boxing Day Sat → Mon 28
  else if (dow === 6)
    days.push(utc(year, 12, 27), utc(year, 12, 28)); // Sat, Sun → Mon, Tue
  else if (dow === 0)
    days.push(utc(year, 12, 27), utc(year, 12, 26)); // Sun → Tue 27; Boxing Mon 26
  else days.push(christmas, utc(year, 12, 26));
  return days.map(iso).sort();
}

/** Whether a local calendar date (YYYY-MM-DD) is a working day under these hours. */
export function isWorkingDay(date: string, hours: BusinessHours): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const dow = d.getUTCDay();
  if (dow === 0 || dow === 6) return false;
  if (hours.extraHolidays.includes(date)) return false;
  if (hours.workingDays.includes(date)) return true;
  if (hours.bankHolidays === 'england-and-wales') {
    if ((ENGLAND_WALES_ONE_OFFS.added as readonly string[]).includes(date)) return false;
    if ((ENGLAND_WALES_ONE_OFFS.removed as readonly string[]).includes(date)) return true;
    return !englandWalesBankHolidays(d.getUTCFullYear()).includes(date);
  }
  return true;
}

/** The wall-clock date and time of an instant in a time zone, as if it were UTC. */
function wallClock(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant a wall-clock time (given as if UTC) has in a time zone. */
function fromWallClock(wall: number, timeZone: string): Date {
  let guess = wall;
  for (let i = 0; i < 3; i++) guess += wall - wallClock(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * When the first response to a conversation opened at `at` is due: the end of that business day
 * when it arrives on a working day before closing time (before opening counts as that day), else
 * the end of the next working day.
 */
export function firstResponseDue(at: Date, hours: BusinessHours = DEFAULT_BUSINESS_HOURS): Date {
  const local = wallClock(at, hours.timezone);
  let day = local - (local % DAY);
  if (local >= day + hours.dayEndMinutes * 60_000) day += DAY;
  // Bounded: a misconfigured year of holidays cannot loop for ever.
  for (let i = 0; i < 400 && !isWorkingDay(iso(new Date(day)), hours); i++) day += DAY;
  return fromWallClock(day + hours.dayEndMinutes * 60_000, hours.timezone);
}

export const RESPONSE_TIME_BUCKETS = ['under_1h', 'under_4h', 'same_day', 'next_day', 'later'] as const;
export type ResponseTimeBucket = (typeof RESPONSE_TIME_BUCKETS)[number];

/**
 * Business time between two instants: only the opening hours of working days count (a message
 * sent on Friday evening and answered at 09:30 on Monday waited half an hour). Looks at most 60
 * days ahead; beyond that nothing more is counted (the bucket is "later" anyway).
 */
export function businessMsBetween(
  from: Date,
  to: Date,
  hours: BusinessHours = DEFAULT_BUSINESS_HOURS,
): number {
  if (to <= from) return 0;
  const first = wallClock(from, hours.timezone);
  let day = first - (first % DAY);
  let total = 0;
  for (let i = 0; i < 60; i++, day += DAY) {
    const open = fromWallClock(day + hours.dayStartMinutes * 60_000, hours.timezone);
    if (open >= to) break;
    if (!isWorkingDay(iso(new Date(day)), hours)) continue;
    const close = fromWallClock(day + hours.dayEndMinutes * 60_000, hours.timezone);
    const start = Math.max(open.getTime(), from.getTime());
    const end = Math.min(close.getTime(), to.getTime());
    if (end > start) total += end - start;
  }
  return total;
}

/**
 * How quickly a response came after the message it answers (`from`): within one or four business
 * hours, by the same-business-day due time, by the end of the next working day, or later.
 */
export function responseTimeBucket(
  from: Date,
  responseAt: Date,
  hours: BusinessHours = DEFAULT_BUSINESS_HOURS,
): ResponseTimeBucket {
  const elapsed = businessMsBetween(from, responseAt, hours);
  if (elapsed < 3600_000) return 'under_1h';
  if (elapsed < 4 * 3600_000) return 'under_4h';
  const due = firstResponseDue(from, hours);
  if (responseAt <= due) return 'same_day';
  if (responseAt <= firstResponseDue(new Date(due.getTime() + 1), hours)) return 'next_day';
  return 'later';
}
