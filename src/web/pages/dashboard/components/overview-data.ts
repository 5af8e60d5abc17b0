import type { ApiResponse } from '../../../../../generated/api-types';

/** The reply of GET /dashboards/program-overview (manifest/api.yaml program_overview). */
export type Overview = ApiResponse<'program_overview'>;

/** A figure that opens into its records (GET /dashboards/program-overview/records). */
export interface Drill {
  kind: string;
  value: string;
  label: string;
}

export const FEWER = 'fewer than 5';
export const shown = (v: number | null | undefined, suffix = '') =>
  v === null || v === undefined ? FEWER : `${v.toLocaleString('en')}${suffix}`;

/** "2026-03" → "Mar 2026". */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** One sentence about the monthly series, for the chart's text alternative. */
export function monthlySummary(months: { month: string; count: number }[]): string {
  const first = months.findIndex((m) => m.count > 0);
  if (first < 0) return 'No self-assessments have been submitted yet.';
  const from = months[first];
  const last = months[months.length - 1];
  const peak = months.reduce((a, b) => (b.count > a.count ? b : a));
  return `Self-assessments went from ${from.count} in ${monthName(from.month)} to ${last.count} in ${monthName(last.month)}, with the most (${peak.count}) in ${monthName(peak.month)}.`;
}

export const REQUEST_STATUSES = ['requested', 'scheduled', 'completed', 'cancelled'] as const;
export const statusLabel = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
