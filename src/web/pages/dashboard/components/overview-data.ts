import type { CmdqRegion } from '../../../../shared/assessment/cmdq-regions';

/** The reply of GET /dashboards/program-overview (src/server/dashboards/overview-handlers.ts). */
export interface Overview {
  client: { id: number; name: string; regions: string[] };
  clients: { id: number; name: string }[];
  period: { from_month: string; to_month: string; regions: string[] };
  eligible: number;
  participants: number | null;
  participation_share: number | null;
  self_assessments: number;
  monthly: { month: string; count: number }[];
  bands: { low: number; moderate: number; high: number } | null;
  action_share: number | null;
  mean_score: number | null;
  top_findings: { id: string; title: string; count: number; share: number }[] | null;
  body: { region: CmdqRegion; people: number | null; share: number | null; mean: number | null }[];
  regions: {
    region: string | null;
    eligible: number | null;
    participants: number | null;
    participation_share: number | null;
    bands: { low: number; moderate: number; high: number } | null;
    mean_score: number | null;
  }[];
  pipeline: {
    requests: Record<string, number>;
    evaluations: Record<string, number>;
    finalized_reports: number;
    median_business_days: number | null;
    within_promise_share: number | null;
  };
  follow_ups: {
    answered: number | null;
    recommendations: number | null;
    done_share: number | null;
    in_progress_share: number | null;
    discomfort_before: number | null;
    discomfort_after: number | null;
  };
}

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
