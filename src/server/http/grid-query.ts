import type { GridDefinition } from '../../shared/grid';
import { parseDate, parseId } from './request-guards';

/**
 * The query string of a server-paged admin grid (paged as the reader scrolls): start, size, sort, dir
 * and a free-text q, plus the filters a grid declares. Parsed strictly: a bad value is a message for
 * a 400, never a guess, and sort names map to fixed columns (no SQL from the query string).
 */
export interface GridQuery<Sort extends string> {
  start: number;
  size: number;
  sort: Sort;
  dir: 'asc' | 'desc';
  q: string;
  filters: Record<string, string>;
}

export const MAX_GRID_PAGE = 500;

export function parseGridQuery<Sort extends string>(
  raw: Record<string, string | undefined>,
  sortable: readonly Sort[],
  filters: readonly string[] = [],
): GridQuery<Sort> | string {
  const start = Number(raw.start ?? 0);
  const size = Number(raw.size ?? 100);
  if (!Number.isInteger(start) || start < 0) return 'start must be a whole number of 0 or more.';
  if (!Number.isInteger(size) || size < 1 || size > MAX_GRID_PAGE) return `size must be a whole number from 1 to ${MAX_GRID_PAGE}.`;
  const sort = (raw.sort ?? sortable[0]) as Sort;
  // A list lookup, never `in` or an object index: `__proto__` or `toString` is no column.
  if (typeof sort !== 'string' || !sortable.includes(sort)) return `sort must be one of: ${sortable.join(', ')}.`;
  const dir = raw.dir === undefined || raw.dir === 'asc' ? 'asc' : raw.dir === 'desc' ? 'desc' : null;
  if (!dir) return 'dir must be asc or desc.';
  const picked: Record<string, string> = {};
  for (const name of filters) if (raw[name]) picked[name] = String(raw[name]).slice(0, 100);
  return { start, size, sort, dir, q: (raw.q ?? '').trim().slice(0, 100), filters: picked };
}

/** Ids in address and query share one parser (request-guards.ts). */
export { parseId };

/** `%text%` for LIKE with the user's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The query of a list declared in manifest/grids/ (generated/grids.ts): the same sort keys and
 * filters the browser's grid offers, and nothing else. A filter with fixed values accepts only
 * those; a filter whose name ends in `_id` only an id.
 */
export function parseDeclaredGridQuery<Sort extends string, Param extends string>(
  raw: Record<string, string | undefined>,
  grid: GridDefinition<Sort, Param, string>,
): GridQuery<Sort> | string {
  const parsed = parseGridQuery(
    raw,
    grid.sortable,
    grid.filters.map((f) => f.param),
  );
  if (typeof parsed === 'string') return parsed;
  if (raw.dir === undefined) parsed.dir = grid.defaultDir;
  for (const filter of grid.filters) {
    const value = parsed.filters[filter.param];
    if (value === undefined) continue;
    if (filter.values && !filter.values.some((v) => v.value === value))
      return `${filter.param} must be one of: ${filter.values.map((v) => v.value).join(', ')}.`;
    if (filter.param.endsWith('_id') && parseId(value) === null) return `${filter.param} must be an id.`;
    if (filter.input === 'date' && parseDate(value) === null) return `${filter.param} must be a date (YYYY-MM-DD) from the year 1900 on.`;
  }
  return parsed;
}
