import { toCsv } from '../../http/csv';
import { xlsxOf } from '../../http/table-file';
import { RESULT_COLUMNS, SEARCH_FIELDS, type SearchKind } from '../../../shared/search/fields';

/**
 * Exports of a custom search: the grid's columns in the grid's order. CSV goes through the shared
 * formula-injection defence (http/csv.ts); Excel cells are written as plain values, never formulas,
 * and text that a spreadsheet would read as a formula gets the same apostrophe as in the CSV (OWASP
 * "CSV Injection"), so both files read the same.
 *
 * Times are the reader's (the `tz` the grid is asked with, SPEC §2 dashboards): `2026-11-27 14:05`
 * (ISO 8601 without the `T`, which every spreadsheet reads as a date and time), the zone named in the
 * column's heading; in Excel a real date cell of that wall-clock time.
 */
const EXCEL_TIME = 'yyyy-mm-dd hh:mm';

const isTime = (kind: SearchKind, key: string) => SEARCH_FIELDS[kind].some((f) => f.key === key && f.type === 'date');

/** The wall-clock time of an instant in `zone`, as its parts. */
function wallClock(value: unknown, zone: string): { text: string; cell: Date } | null {
  const at = value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const [y, m, d, h, min] = [parts.year, parts.month, parts.day, parts.hour, parts.minute].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Excel keeps no zone: the cell holds the reader's wall-clock time.
  return { text: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`, cell: new Date(Date.UTC(y, m - 1, d, h, min)) };
}

function headers(kind: SearchKind, zone: string): string[] {
  return RESULT_COLUMNS[kind].map((c) => (isTime(kind, c.key) ? `${c.label} (${zone})` : c.label));
}

function cells(kind: SearchKind, row: Record<string, unknown>, zone: string, as: 'text' | 'cell'): unknown[] {
  return RESULT_COLUMNS[kind].map((c) => {
    const value = row[c.key];
    if (!isTime(kind, c.key)) return value ?? '';
    return wallClock(value, zone)?.[as] ?? '';
  });
}

export function csvExport(kind: SearchKind, rows: readonly Record<string, unknown>[], zone: string): string {
  return toCsv([headers(kind, zone), ...rows.map((r) => cells(kind, r, zone, 'text'))]);
}

export function xlsxExport(kind: SearchKind, rows: readonly Record<string, unknown>[], zone: string): Promise<Buffer> {
  return xlsxOf(
    'Custom search',
    headers(kind, zone),
    rows.map((r) => cells(kind, r, zone, 'cell')),
    22,
    RESULT_COLUMNS[kind].map((c) => (isTime(kind, c.key) ? EXCEL_TIME : undefined)),
  );
}
