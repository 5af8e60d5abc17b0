/** One formatter per zone: building one costs more than the many days a dashboard reads with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The difference between a time zone's wall clock and UTC at one instant, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a day begins in a time zone: midnight of the day `now` falls on there, moved by
 * `days` (1 is tomorrow's midnight). Daylight-saving changes are followed: the offset is read again
 * at the instant found.
 *
 * @example startOfZonedDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Paris', 1) // 2026-03-29T22:00:00.000Z
 */
export function startOfZonedDay(now: Date, timeZone: string, days = 0): Date {
  const local = new Date(now.getTime() + offsetAt(now, timeZone));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  const first = midnight - offsetAt(new Date(midnight), timeZone);
  return new Date(midnight - offsetAt(new Date(first), timeZone));
}

/**
 * The instant a named day ("YYYY-MM-DD") begins in a time zone: the first instant the reader there
 * calls that day (SPEC §2 dashboards: a period counts exactly the days it names, in the reader's zone).
 *
 * @example zonedDayStart('2026-03-01', 'America/Los_Angeles') // 2026-03-01T08:00:00.000Z
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnight = Date.UTC(y!, m! - 1, d!);
  const first = midnight - offsetAt(new Date(midnight), timeZone);
  return new Date(midnight - offsetAt(new Date(first), timeZone));
}

/** The day ("YYYY-MM-DD") an instant falls on in a time zone. */
export function zonedDay(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at, timeZone)).toISOString().slice(0, 10);
}

/** The day after a named day, or `days` days later ("YYYY-MM-DD"; calendar arithmetic, no zone). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}
