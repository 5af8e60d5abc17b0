import { addDays, zonedDay, zonedDayStart } from '../../../shared/zoned-day';

/**
 * The reader's time zone for a dashboard call (SPEC §2 dashboards: a period names days in the
 * reader's time zone and counts exactly those): the `tz` the browser sends
 * (Intl.DateTimeFormat().resolvedOptions().timeZone; accounts keep no time zone of their own), else
 * UTC. A zone Intl does not know is a message for a 400, answered before anything is read.
 */
const KNOWN = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
export const DEFAULT_ZONE = 'UTC';

export function readerZone(query: Record<string, string | undefined>): string | { error: string } {
  const given = query.tz;
  if (given === undefined || given === '') return DEFAULT_ZONE;
  const refused = { error: 'tz must be a time zone such as Europe/Berlin.' };
  if (given.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(given)) return refused;
  try {
    // An alias (Asia/Kolkata) is read as the name Intl resolves it to, and must be one Intl lists.
    const resolved = new Intl.DateTimeFormat('en', { timeZone: given }).resolvedOptions().timeZone;
    return KNOWN.has(resolved) ? resolved : refused;
  } catch {
    return refused;
  }
}

/** The first instant of a month ("YYYY-MM") in a zone. */
export const zonedMonthStart = (month: string, zone: string) => zonedDayStart(`${month}-01`, zone);

/** Today's month ("YYYY-MM") and day ("YYYY-MM-DD") in a zone. */
export const zonedToday = (now: Date, zone: string) => zonedDay(now, zone);

export { addDays, zonedDayStart };
