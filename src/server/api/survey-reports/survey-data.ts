import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { canReadReport } from '../../policies/client-scope';

/** A report imported from the survey tool, as its pages and PDF show it (SPEC §2 alchemer routes). */
export interface SurveyReportView {
  readonly id: string;
  readonly url: string;
  readonly survey_name: string;
  readonly submitted_at: Date;
  readonly employee: { readonly id: number; readonly first_name: string; readonly last_name: string; readonly email: string };
  readonly company: string;
  readonly answers: readonly { readonly question: string; readonly answer: string }[];
}

type Where = { token: string } | { userId: number; id: string };

/** The survey report by its url token or by user and id, when the caller may read it; else undefined (404). */
export async function loadSurveyReport(db: Kysely<Database>, caller: Caller, where: Where): Promise<SurveyReportView | undefined> {
  let query = db
    .selectFrom('survey_reports')
    .innerJoin('users', 'users.id', 'survey_reports.user_id')
    .innerJoin('clients', 'clients.id', 'survey_reports.client_id')
    .select([
      'survey_reports.id',
      'survey_reports.user_id',
      'survey_reports.client_id',
      'survey_reports.report_token',
      'survey_reports.survey_name',
      'survey_reports.submitted_at',
      'survey_reports.answers',
      'users.first_name',
      'users.last_name',
      'users.email',
      'clients.company_name',
    ]);
  if ('token' in where) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(where.token)) return undefined;
    query = query.where('survey_reports.report_token', '=', where.token);
  } else {
    if (!/^[1-9]\d{0,17}$/.test(where.id) || !Number.isInteger(where.userId)) return undefined;
    query = query.where('survey_reports.id', '=', where.id).where('survey_reports.user_id', '=', where.userId);
  }
  const row = await query.executeTakeFirst();
  if (!row || !(await canReadReport(db, caller, row))) return undefined;
  return {
    id: String(row.id),
    url: row.report_token,
    survey_name: row.survey_name,
    submitted_at: row.submitted_at,
    company: row.company_name,
    employee: { id: row.user_id, first_name: row.first_name, last_name: row.last_name, email: row.email },
    answers: row.answers as SurveyReportView['answers'],
  };
}
