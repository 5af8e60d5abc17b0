import type { ApiResponse } from '../../../../../generated/api-types';

/** The answer of GET /superadmin/health (manifest/api/ops.yaml superadmin_health). */
export type SystemHealth = ApiResponse<'superadmin_health'>;

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
