/**
 * Business days waited, against the promise that a one-to-one evaluation report takes 2 to 5
 * business days (SPEC §1, §9). Monday to Friday count, weekends do not; days are UTC calendar days
 * (public holidays differ by client region and are not known here).
 */
export const PROMISE_MIN_DAYS = 2;
export const PROMISE_MAX_DAYS = 5;

/** Weekdays after the day of `from` up to and including the day of `to` (0 when the same day). */
export function businessDaysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  let cursor = day(from);
  const end = day(to);
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
