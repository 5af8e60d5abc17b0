/** The answer of GET /superadmin/health (src/server/superadmin/health-handler.ts). */
export interface SystemHealth {
  generatedAt: string;
  clients: { total: number; active: number };
  users: { total: number; active: number; disabled: number };
  activeSessions: number;
  activity: { selfAssessmentsThisMonth: number; selfAssessmentsLastMonth: number; evaluationRequestsThisMonth: number; monthStart: string };
  outbox: {
    queued: number;
    sent: number;
    failed: number;
    latestFailures: { id: string; to: string; subject: string; error: string; attempts: number; at: string }[];
  };
  audit: { ok: boolean; checked: number; firstBadId: string | null; checkedAt: string; reusedUntil: string };
  storage: { scope: string; bytes: number; largestTables: { name: string; bytes: number; estimatedRows: number }[] };
  calls: { since: string | null; slowest: { name: string; count: number; sampled: number; p50: number; p95: number; max: number }[] };
}

export const figure = (n: number) => n.toLocaleString('en');

/** Bytes in the largest unit that keeps the figure at or above 1 (binary units, as PostgreSQL's pg_size_pretty). */
export function bytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${n} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A time as "2026-11-23 17:20 UTC": one clock for everyone reading the figures. */
export const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
