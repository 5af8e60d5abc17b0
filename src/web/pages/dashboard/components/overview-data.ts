import type { ApiResponse } from '../../../../../generated/api-types';
import { HTML_LANG } from '../../../i18n/language';
import { currentLanguage, currentT } from '../../../i18n/texts';
import { formatMonth } from '../../../../shared/dates';

/** The reply of GET /dashboards/program-overview (manifest/api/dashboards.yaml program_overview). */
export type Overview = ApiResponse<'program_overview'>;

/** A figure that opens into its records (GET /dashboards/program-overview/records). */
export interface Drill {
  kind: string;
  value: string;
  label: string;
}

/** The reader's language for numbers and months (the page re-renders when it changes). */
const locale = () => HTML_LANG[currentLanguage()];
export const shown = (v: number | null | undefined, suffix = '') =>
  v === null || v === undefined ? currentT()('staff.fewer_than_5') : `${v.toLocaleString(locale())}${suffix}`;

/** "2026-03" → "Mar 2026" (in the reader's language). */
export function monthName(month: string): string {
  return formatMonth(month, locale());
}

/** One sentence about the monthly series, for the chart's text alternative. */
export function monthlySummary(rows: { month: string; count: number | null }[]): string {
  const t = currentT();
  // A month about fewer than five people (null) is left out of the sentence as it is of the chart.
  const months = rows.map((m) => ({ month: m.month, count: m.count ?? 0 }));
  const first = months.findIndex((m) => m.count > 0);
  if (first < 0) return t('staff.overview.monthly_none');
  const from = months[first];
  const last = months[months.length - 1];
  const peak = months.reduce((a, b) => (b.count > a.count ? b : a));
  return t('staff.overview.monthly_summary', {
    from: from.count,
    from_month: monthName(from.month),
    last: last.count,
    last_month: monthName(last.month),
    peak: peak.count,
    peak_month: monthName(peak.month),
  });
}

export const REQUEST_STATUSES = ['requested', 'scheduled', 'completed', 'cancelled'] as const;
