import { toCsv } from '../../http/csv';
import { xlsxOf } from '../../http/table-file';
import { RESULT_COLUMNS, type SearchKind } from '../../../shared/search/fields';

/**
 * Exports of a custom search: the grid's columns in the grid's order. CSV goes through the shared
 * formula-injection defence (http/csv.ts); Excel cells are written as plain values, never formulas,
 * and text that a spreadsheet would read as a formula gets the same apostrophe as in the CSV (OWASP
 * "CSV Injection"), so both files read the same.
 */
function cells(kind: SearchKind, row: Record<string, unknown>): unknown[] {
  return RESULT_COLUMNS[kind].map((c) => row[c.key] ?? '');
}

export function csvExport(kind: SearchKind, rows: readonly Record<string, unknown>[]): string {
  return toCsv([RESULT_COLUMNS[kind].map((c) => c.label), ...rows.map((r) => cells(kind, r))]);
}

export function xlsxExport(kind: SearchKind, rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  return xlsxOf(
    'Custom search',
    RESULT_COLUMNS[kind].map((c) => c.label),
    rows.map((r) => cells(kind, r)),
    22,
  );
}
