import { sql, type Kysely } from 'kysely';
import type { AssessmentChange, AssessmentLanguage, AssessmentResult, TextOverrides, WorkArea } from '../../../shared/assessment/types';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { canReadReport } from '../../policies/client-scope';
import { assessmentLanguage, clientOverrides, engine, questionnaireSource } from './engine';
import { translator } from '../../../shared/assessment/texts';
import type { UiTexts } from '../../../shared/assessment/ui-texts';

/** Everything a report shows, on the page and in the PDF (SPEC §2 viewreport, §4 Summary-Report). */
export interface ReportView {
  readonly id: string;
  readonly url: string;
  readonly status: string;
  readonly submitted_at: Date;
  readonly employee: { readonly first_name: string; readonly last_name: string; readonly email: string };
  readonly company: string;
  readonly result: AssessmentResult;
  /** The change since the employee's previous submitted attempt at the same area, if any. */
  readonly change: AssessmentChange | null;
  /** The language the attempt was taken in; the page, the PDF and its font follow it. */
  readonly language: AssessmentLanguage;
  /** The page and PDF words in that language (ui-texts.ts), with the client's wording. */
  readonly texts: UiTexts;
  /** The work area's questionnaire title in that language (area.<area>.title). */
  readonly title: string;
  readonly history: readonly {
    readonly url: string;
    readonly submitted_at: Date;
    readonly score: number;
    readonly max: number;
    readonly band: AssessmentResult['overall']['band'];
  }[];
}

interface HistoryRow {
  readonly report_token: string;
  readonly submitted_at: string;
  readonly overall: AssessmentResult['overall'];
}

/** JSON from a subquery: PostgreSQL's driver parses it, PGlite may hand back text. */
function parseJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The report behind a url token (or, on the admin routes, a user and attempt id) when the caller may
 * read it; undefined (shown as 404) otherwise.
 */
export async function loadReport(
  db: Kysely<Database>,
  caller: Caller,
  where: string | { userId: number; id: string },
): Promise<ReportView | undefined> {
  if (
    typeof where === 'string' ? !/^[A-Za-z0-9_-]{20,64}$/.test(where) : !Number.isInteger(where.userId) || !/^[1-9]\d{0,17}$/.test(where.id)
  )
    return undefined;
  // One round trip (SPEC §9 speed): the attempt with its employee and client, the client's wording
  // for its area and language, the previous attempt's result (for the change) and the scores of the
  // earlier attempts (for the history), each as a subquery of the same statement.
  const query = db
    .selectFrom('assessment_attempts as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .innerJoin('clients', 'clients.id', 'a.client_id')
    .select([
      'a.id',
      'a.user_id',
      'a.client_id',
      'a.area',
      'a.result',
      'a.submitted_at',
      'a.report_status',
      'a.language',
      'a.report_token',
      'users.first_name',
      'users.last_name',
      'users.email',
      'clients.company_name',
    ])
    .select([
      sql<Record<
        string,
        string
      > | null>`(SELECT json_object_agg(o.text_key, o.text) FROM client_text_overrides o WHERE o.client_id = a.client_id
        AND o.scope = CASE WHEN a.area = 'lab' THEN 'self-assessment-lab' ELSE 'self-assessment' END AND o.language = a.language)`.as(
        'overrides',
      ),
      sql<unknown>`(SELECT p.result FROM assessment_attempts p WHERE p.user_id = a.user_id AND p.client_id = a.client_id AND p.area = a.area
        AND p.status = 'submitted' AND (p.submitted_at, p.id) < (a.submitted_at, a.id) ORDER BY p.submitted_at DESC, p.id DESC LIMIT 1)`.as(
        'previous_result',
      ),
      sql<
        HistoryRow[]
      >`(SELECT json_agg(h) FROM (SELECT p.id, p.report_token, p.submitted_at, p.result->'overall' AS overall FROM assessment_attempts p
        WHERE p.user_id = a.user_id AND p.client_id = a.client_id AND p.area = a.area AND p.status = 'submitted'
        ORDER BY p.submitted_at DESC, p.id DESC LIMIT 50) h)`.as('history'),
    ])
    .where('a.status', '=', 'submitted');
  const row = await (
    typeof where === 'string'
      ? query.where('a.report_token', '=', where)
      : query.where('a.id', '=', where.id).where('a.user_id', '=', where.userId)
  ).executeTakeFirst();
  if (!row || !(await canReadReport(db, caller, row))) return undefined;
  const language = assessmentLanguage(row.language);
  // The overrides only count when they are for the language the report is read in (an unknown stored language reads as English).
  const overrides: TextOverrides =
    language === row.language ? (parseJson(row.overrides) ?? {}) : await clientOverrides(db, row.client_id, row.area as WorkArea, language);
  const source = await questionnaireSource();
  const result = row.result as AssessmentResult;
  const previous = parseJson<AssessmentResult>(row.previous_result);
  const history = parseJson<HistoryRow[]>(row.history) ?? [];
  const change = previous ? engine.compareResults(result, previous, language, source, overrides) : null;
  return {
    id: String(row.id),
    url: row.report_token!,
    status: row.report_status ?? 'Finalized',
    submitted_at: row.submitted_at!,
    employee: { first_name: row.first_name, last_name: row.last_name, email: row.email },
    company: row.company_name,
    result,
    change,
    language,
    texts: engine.uiTexts(source, language, overrides),
    title: translator(source, language, overrides)(`area.${row.area}.title`),
    history: history.map((h) => ({
      url: h.report_token,
      submitted_at: new Date(h.submitted_at),
      score: h.overall.score,
      max: h.overall.max,
      band: h.overall.band,
    })),
  };
}
