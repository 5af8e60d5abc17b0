import { zonedDay } from '../../../shared/zoned-day';

/**
 * Business days waited, against the promise that a one-to-one evaluation report takes 2 to 5
 * business days (SPEC §1, §9). Monday to Friday count, weekends do not; days are calendar days of
 * the reader's time zone (SPEC §2 dashboards: the reader's days; UTC when none is given). Public
 * holidays differ by client region and are not known here.
 */
export const PROMISE_MIN_DAYS = 2;
export const PROMISE_MAX_DAYS = 5;

/** Weekdays after the day of `from` up to and including the day of `to` (0 when the same day), days of `zone`. */
export function businessDaysBetween(from: Date, to: Date, zone = 'UTC'): number {
  return businessDaysBetweenDays(zonedDay(from, zone), zonedDay(to, zone));
}

/** Weekdays after one named day ("YYYY-MM-DD") up to and including another (0 when the same day or earlier). */
export function businessDaysBetweenDays(fromDay: string, toDay: string): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  let cursor = day(fromDay);
  const end = day(toDay);
  let count = 0;
  while (cursor < end) {
    cursor += 86_400_000;
    const weekday = new Date(cursor).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/** new: under 2 days; due: inside the 2–5 day window; overdue: past 5 days. */
export function promiseStatus(days: number): 'new' | 'due' | 'overdue' {
  return days < PROMISE_MIN_DAYS ? 'new' : days <= PROMISE_MAX_DAYS ? 'due' : 'overdue';
}
