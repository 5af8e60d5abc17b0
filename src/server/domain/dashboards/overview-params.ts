import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { resolveClient } from '../../policies/client-scope';
import { readerZone, zonedMonthStart, zonedToday } from './reader-zone';

/** SPEC §9: the monthly chart starts in January 2021 and runs to this month. */
export const CHART_START = '2021-01';
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MAX_REGIONS = 20;

export interface OverviewParams {
  readonly clientId: number;
  /** First and last month of the period, and the first instant of each and of the month after, in `zone`. */
  readonly fromMonth: string;
  readonly toMonth: string;
  readonly from: Date;
  readonly until: Date;
  /** The reader's time zone (reader-zone.ts): months are theirs. */
  readonly zone: string;
  /** Region names to keep; empty means every region. */
  readonly regions: string[];
}

export const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
export function addMonths(month: string, n: number): string {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + n);
  return monthOf(d);
}

/** The period `p` covers, moved to other months of the same zone. */
export const periodOf = <P extends OverviewParams>(p: P, fromMonth: string, toMonth: string): P => ({
  ...p,
  fromMonth,
  toMonth,
  from: zonedMonthStart(fromMonth, p.zone),
  until: zonedMonthStart(addMonths(toMonth, 1), p.zone),
});

/**
 * The client, period and regions of an overview call (SPEC §2 /program-overview): the period is
 * whole months of the reader's time zone (`from_month`, `to_month`, YYYY-MM; by default the last 12
 * months up to this one; `tz`, reader-zone.ts), regions a comma-separated list. A client the caller may not see is `null` (404, revealing
 * nothing); bad input is a message (400).
 */
export async function overviewParams(
  db: Kysely<Database>,
  caller: Caller,
  query: Record<string, string | undefined>,
  now: Date,
): Promise<OverviewParams | null | string> {
  const zone = readerZone(query);
  if (typeof zone === 'object') return zone.error;
  const thisMonth = zonedToday(now, zone).slice(0, 7);
  const toMonth = query.to_month || thisMonth;
  const fromMonth = query.from_month || addMonths(toMonth, -11);
  if (!MONTH.test(fromMonth) || !MONTH.test(toMonth)) return 'Months are written YYYY-MM, for example 2026-01.';
  if (fromMonth > toMonth) return 'The period must start before it ends.';
  // SPEC §9: the programme's figures start in January 2021, the earliest month one may choose.
  if (fromMonth < CHART_START || toMonth > '2100-12') return `Choose a period from ${CHART_START} to 2100-12.`;
  const regions = (query.region ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (regions.length > MAX_REGIONS || regions.some((r) => r.length > 100)) return `Choose at most ${MAX_REGIONS} regions.`;
  const clientId = await resolveClient(db, caller, query.client_id);
  if (clientId === null) return null;
  return {
    clientId,
    fromMonth,
    toMonth,
    from: zonedMonthStart(fromMonth, zone),
    until: zonedMonthStart(addMonths(toMonth, 1), zone),
    zone,
    regions: [...new Set(regions)],
  };
}
