/**
 * A strict RFC 4180 CSV reader: quoted fields with "" escapes and line breaks, CRLF or LF rows.
 * Returns the rows, or a message when the text is not CSV (an unclosed quote, a NUL byte).
 */
export function parseCsv(text: string): string[][] | string {
  if (text.includes('\u0000')) return 'Only CSV files are allowed.';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a UTF-8 byte-order mark from spreadsheet exports
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) return 'The CSV file has an unclosed quote.';
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}
