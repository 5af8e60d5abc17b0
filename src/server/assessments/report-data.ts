import type { Kysely } from 'kysely';
import type { AssessmentChange, AssessmentResult } from '../../shared/assessment/types';
import type { Caller } from '../context';
import type { Database } from '../db/schema';
import { canReadReport } from './access';
import { assessmentLanguage, clientOverrides, engine, questionnaireSource } from './engine';
import type { AssessmentLanguage, WorkArea } from '../../shared/assessment/types';
import { translator } from '../../shared/assessment/texts';
import type { UiTexts } from '../../shared/assessment/ui-texts';

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
  readonly history: readonly { readonly url: string; readonly submitted_at: Date; readonly score: number; readonly max: number; readonly band: string }[];
}

/**
 * The report behind a url token (or, on the admin routes, a user and attempt id) when the caller may
 * read it; undefined (shown as 404) otherwise.
 */
export async function loadReport(db: Kysely<Database>, caller: Caller, where: string | { userId: number; id: string }): Promise<ReportView | undefined> {
  if (typeof where === 'string' ? !/^[A-Za-z0-9_-]{20,64}$/.test(where) : !Number.isInteger(where.userId) || !/^[1-9]\d{0,17}$/.test(where.id)) return undefined;
  const query = db.selectFrom('assessment_attempts')
    .innerJoin('users', 'users.id', 'assessment_attempts.user_id')
    .innerJoin('clients', 'clients.id', 'assessment_attempts.client_id')
    .select(['assessment_attempts.id', 'assessment_attempts.user_id', 'assessment_attempts.client_id', 'assessment_attempts.area', 'assessment_attempts.result',
      'assessment_attempts.submitted_at', 'assessment_attempts.report_status', 'assessment_attempts.language',
      'assessment_attempts.report_token', 'users.first_name', 'users.last_name', 'users.email', 'clients.company_name'])
    .where('assessment_attempts.status', '=', 'submitted');
  const row = await (typeof where === 'string'
    ? query.where('assessment_attempts.report_token', '=', where)
    : query.where('assessment_attempts.id', '=', where.id).where('assessment_attempts.user_id', '=', where.userId)).executeTakeFirst();
  if (!row || !canReadReport(caller, row)) return undefined;
  const language = assessmentLanguage(row.language);
  const [history, source, overrides] = await Promise.all([
    db.selectFrom('assessment_attempts').select(['id', 'report_token', 'submitted_at', 'result'])
      .where('user_id', '=', row.user_id).where('client_id', '=', row.client_id).where('area', '=', row.area).where('status', '=', 'submitted')
      .orderBy('submitted_at', 'desc').orderBy('id', 'desc').limit(50).execute(),
    questionnaireSource(),
    clientOverrides(db, row.client_id, row.area as WorkArea, language),
  ]);
  const result = row.result as AssessmentResult;
  const index = history.findIndex((h) => String(h.id) === String(row.id));
  const previous = index >= 0 ? history[index + 1] : undefined;
  const change = previous ? engine.compareResults(result, previous.result as AssessmentResult, language, source, overrides) : null;
  return {
    id: String(row.id), url: row.report_token!, status: row.report_status ?? 'Finalized', submitted_at: row.submitted_at!,
    employee: { first_name: row.first_name, last_name: row.last_name, email: row.email }, company: row.company_name, result,
    change, language, texts: engine.uiTexts(source, language, overrides),
    title: translator(source, language, overrides)(`area.${row.area}.title`),
    history: history.map((h) => {
      const overall = (h.result as AssessmentResult).overall;
      return { url: h.report_token!, submitted_at: h.submitted_at!, score: overall.score, max: overall.max, band: overall.band };
    }),
  };
}
