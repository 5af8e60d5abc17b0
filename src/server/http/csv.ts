/** What a spreadsheet reads as the start of a formula, leading spaces and full-width forms included. */
export const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/**
 * CSV with formula-injection defence (OWASP "CSV Injection"): a cell starting with = + - @ (after any
 * spaces, or their full-width forms), a tab or a carriage return is prefixed with an apostrophe so
 * spreadsheets show it as text. Every CSV the server writes goes through here.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
