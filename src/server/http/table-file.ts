import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { FORMULA_START, toCsv } from './csv';

/**
 * A list's export as an Excel workbook: one sheet, a bold heading row, then the cells as plain values,
 * never formulas; text a spreadsheet would read as a formula gets the CSV's apostrophe (OWASP "CSV
 * Injection", http/csv.ts), so both files read the same.
 */
export async function xlsxOf(
  sheetName: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
  width = 20,
  /** A column's number format, e.g. `yyyy-mm-dd hh:mm` for a column of date cells. */
  formats: readonly (string | undefined)[] = [],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'ErgoPortal';
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = headers.map((header, i) => ({ header, width, ...(formats[i] ? { style: { numFmt: formats[i] } } : {}) }));
  for (const row of rows) sheet.addRow(row.map((v) => (typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v)));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends a list's export as `<file>.csv` (format `csv`) or `<file>.xlsx`, never cached. */
export async function sendTable(
  reply: FastifyReply,
  format: string,
  file: string,
  sheetName: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
) {
  reply.header('Cache-Control', 'no-store');
  if (format === 'csv')
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file}.csv"`)
      .send(toCsv([headers, ...rows]));
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${file}.xlsx"`)
    .send(await xlsxOf(sheetName, headers, rows));
}
