import ExcelJS from 'exceljs';
import { FORMULA_START, toCsv } from '../../http/csv';
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

export async function xlsxExport(kind: SearchKind, rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'ErgoPortal';
  const sheet = book.addWorksheet('Custom search');
  sheet.columns = RESULT_COLUMNS[kind].map((c) => ({ header: c.label, key: c.key, width: 22 }));
  for (const row of rows) {
    sheet.addRow(cells(kind, row).map((v) => (typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v)));
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
