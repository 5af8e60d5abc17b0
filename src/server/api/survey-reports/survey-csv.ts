import { coded, type CodedMessage } from '../../../shared/server-messages';
/**
 * Reading the survey tool's CSV export (RFC 4180: quoted fields, doubled quotes, line breaks inside
 * quotes, CRLF or LF). The columns the import understands are documented in README.md beside this file.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('The file ends inside a quoted field.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Columns of the export that describe the response rather than answer a question. */
const METADATA = new Set([
  'response id',
  'time started',
  'date submitted',
  'status',
  'contact id',
  'legacy comments',
  'comments',
  'language',
  'referer',
  'sessionid',
  'user agent',
  'tags',
  'ip address',
  'longitude',
  'latitude',
  'country',
  'city',
  'state/region',
  'postal',
  'email',
  'email address',
  'survey name',
]);

export interface SurveyResponse {
  readonly row: number;
  readonly responseId: string;
  readonly email: string;
  readonly submittedAt: Date;
  readonly surveyName: string | null;
  readonly answers: { question: string; answer: string }[];
}

/** The responses of an export, or the problems that make it unusable (a missing required column). */
export function readSurveyExport(text: string): { responses: SurveyResponse[]; problems: CodedMessage[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { responses: [], problems: [coded('survey.empty')] };
  const names = header.map((h) => h.trim().toLowerCase());
  const column = (...options: string[]) => names.findIndex((n) => options.includes(n));
  const id = column('response id');
  const email = column('email', 'email address');
  const date = column('date submitted');
  const survey = column('survey name');
  const missing = [
    [id, 'Response ID'],
    [email, 'Email'],
    [date, 'Date Submitted'],
  ]
    .filter(([index]) => index === -1)
    .map(([, name]) => name);
  if (missing.length > 0) return { responses: [], problems: [coded('survey.missing_columns', { columns: missing.join(', ') })] };
  const questions = header.map((h, i) => ({ h: h.trim(), i })).filter(({ h }) => h !== '' && !METADATA.has(h.toLowerCase()));
  const problems: CodedMessage[] = [];
  const responses: SurveyResponse[] = [];
  rows.forEach((cells, index) => {
    const line = index + 2;
    const submittedAt = new Date((cells[date] ?? '').trim().replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'));
    const responseId = (cells[id] ?? '').trim();
    if (!responseId || responseId.length > 100) {
      problems.push(coded('survey.response_id', { row: line }));
      return;
    }
    if (Number.isNaN(submittedAt.getTime())) {
      problems.push(coded('survey.date', { row: line }));
      return;
    }
    responses.push({
      row: line,
      responseId,
      email: (cells[email] ?? '').trim().toLowerCase(),
      submittedAt,
      surveyName: survey === -1 ? null : (cells[survey] ?? '').trim() || null,
      answers: questions
        .map(({ h, i }) => ({ question: h.slice(0, 500), answer: (cells[i] ?? '').trim().slice(0, 4000) }))
        .filter((a) => a.answer !== ''),
    });
  });
  return { responses, problems };
}
