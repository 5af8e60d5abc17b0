import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { canReadReport } from '../../policies/client-scope';
import { catalogueEntry } from '../../../shared/evaluations/observation-form';
import { recommendationKey } from '../actions/create-actions';
import { localizeEntry, type EvaluationTextTable } from '../../../shared/evaluations/evaluation-texts';
import { evaluationTexts } from './evaluation-texts';
import { reportObservations, type ReportObservation } from './report-observations';
import { reportTexts, type ReportTexts } from './report-texts';

export interface Recommendation {
  readonly catalogue_key?: string;
  readonly text?: string;
  readonly priority: 'high' | 'medium' | 'low';
}

/**
 * A recommendation's words: the evaluator's own text as written, or its catalogue entry's title
 * (content/evaluations/recommendations.json) in the table's language (texts/<language>.yaml), or for
 * a key no longer in the catalogue the key read as words ("chair.lumbar_support" → "Chair: lumbar support").
 */
export function recommendationLabel(r: Recommendation, table?: EvaluationTextTable): string {
  if (r.text) return r.text;
  const entry = catalogueEntry(r.catalogue_key);
  if (entry) return localizeEntry(entry, table).title;
  const [group, ...rest] = (r.catalogue_key ?? '').split('.');
  const words = (s: string) => s.replace(/[_-]+/g, ' ').trim();
  const head = words(group);
  return rest.length
    ? `${head.charAt(0).toUpperCase()}${head.slice(1)}: ${words(rest.join(' '))}`
    : `${head.charAt(0).toUpperCase()}${head.slice(1)}`;
}

/** A recommendation as the employee reads it: a catalogue entry's title and text, or the evaluator's own words. */
export function reportRecommendation(r: Recommendation, table?: EvaluationTextTable) {
  const entry = r.text ? undefined : catalogueEntry(r.catalogue_key);
  return entry
    ? { label: localizeEntry(entry, table).title, text: localizeEntry(entry, table).text, link: entry.link, priority: r.priority }
    : { label: recommendationLabel(r), priority: r.priority };
}

export interface EvaluationReportView {
  readonly id: number;
  readonly url: string;
  readonly status: 'Finalized';
  readonly finalized_at: Date;
  readonly employee: { readonly first_name: string; readonly last_name: string; readonly email: string };
  readonly company: string;
  readonly evaluator: string;
  readonly work_area: string;
  readonly language: string;
  readonly texts: ReportTexts;
  readonly observations: readonly ReportObservation[];
  /** label: the title (or the evaluator's own text); text: a catalogue entry's explanation. */
  readonly recommendations: readonly {
    readonly label: string;
    readonly text?: string;
    /** The guide or equipment page the catalogue entry attaches. */
    readonly link?: string;
    readonly priority: Recommendation['priority'];
    /** The employee's action key of it, which the catalogue items answering it name (docs/product.md "Equipment"). */
    readonly key: string;
  }[];
  readonly rosa_score: number | null;
  /** The employee's follow-up once it is due; only for the employee, who answers it. */
  readonly follow_up: { readonly id: string; readonly answered_at: Date | null } | null;
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
export { fill as fillReportText };

/** The final ROSA score (1 to 10) of a stored evaluation, or null when none was scored. */
export function finalRosa(stored: unknown): number | null {
  const rosa = parse<{ scores?: Record<string, unknown> } | null>(stored) ?? {};
  const final = rosa.scores?.final ?? rosa.scores?.overall;
  return typeof final === 'number' ? final : null;
}

/**
 * A finalized evaluation report behind its token, when the caller may read it (the employee, their
 * client's managers, assigned evaluators, admins: assessments/access.ts). Any other state — a draft,
 * one waiting for approval, declined or hidden — is undefined (404): SPEC §3, the employee reads a
 * report only once Finalized, and a hidden one is withdrawn from every reader of this view.
 */
export async function loadEvaluationReport(db: Kysely<Database>, caller: Caller, token: string): Promise<EvaluationReportView | undefined> {
  if (!/^[a-f0-9]{32}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('evaluations as e')
    .innerJoin('users as u', 'u.id', 'e.employee_id')
    .innerJoin('clients as c', 'c.id', 'e.client_id')
    .innerJoin('users as ev', 'ev.id', 'e.evaluator_id')
    .leftJoin('follow_ups as f', 'f.evaluation_id', 'e.id')
    .select([
      'e.id',
      'e.client_id',
      'e.employee_id',
      'e.report_token',
      'e.finalized_at',
      'e.work_area',
      'e.observations',
      'e.rosa',
      'e.recommendations',
      'e.client_wording',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.language',
      'c.company_name',
      'ev.first_name as ev_first',
      'ev.last_name as ev_last',
      'f.id as follow_up_id',
      'f.answered_at',
    ])
    .where('e.report_token', '=', token)
    .where('e.status', '=', 'finalized')
    .executeTakeFirst();
  if (!row || !(await canReadReport(db, caller, { user_id: row.employee_id, client_id: row.client_id }))) return undefined;
  // The report's words, observations and catalogue recommendations in the employee's profile language,
  // like the self-assessment report; the client's wording for that language (fixed at finalization) wins (SPEC §2).
  const wording = (parse<Record<string, Record<string, string>>>(row.client_wording) ?? {})[row.language] ?? {};
  const { texts, workArea } = reportTexts(row.language, wording);
  const table = evaluationTexts(row.language);
  const observations = reportObservations(
    parse<Record<string, unknown>>(row.observations) ?? {},
    table,
    { yes: texts['report.yes'], no: texts['report.no'], other: texts['report.other_observations'] },
    row.language,
  );
  return {
    id: row.id,
    url: row.report_token,
    status: 'Finalized',
    finalized_at: new Date(row.finalized_at!),
    employee: { first_name: row.first_name, last_name: row.last_name, email: row.email },
    company: row.company_name,
    evaluator: `${row.ev_first} ${row.ev_last}`,
    work_area: workArea(row.work_area),
    language: row.language,
    texts,
    observations,
    recommendations: (parse<Recommendation[]>(row.recommendations) ?? []).map((r, i) => ({
      ...reportRecommendation(r, table),
      key: recommendationKey(r, row.id, i),
    })),
    rosa_score: finalRosa(row.rosa),
    follow_up:
      row.follow_up_id && row.employee_id === caller.userId
        ? { id: String(row.follow_up_id), answered_at: row.answered_at ? new Date(row.answered_at) : null }
        : null,
  };
}

/** The finalized evaluation reports of one employee at one client, newest first (My Reports rows). */
export async function finalizedEvaluations(db: Kysely<Database>, employeeId: number, clientId: number) {
  const rows = await db
    .selectFrom('evaluations as e')
    .leftJoin('follow_ups as f', 'f.evaluation_id', 'e.id')
    .select(['e.report_token', 'e.finalized_at', 'e.work_area', 'e.rosa', 'f.id as follow_up_id', 'f.answered_at'])
    .where('e.employee_id', '=', employeeId)
    .where('e.client_id', '=', clientId)
    .where('e.status', '=', 'finalized')
    .orderBy('e.finalized_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
  // A finalized evaluation has its finalized_at (the finalize transition sets both in one statement).
  return rows
    .filter((r): r is typeof r & { finalized_at: Date } => r.finalized_at !== null)
    .map((r) => ({
      type: 'evaluation' as const,
      url: r.report_token,
      submitted_at: r.finalized_at,
      work_area: r.work_area,
      status: 'Finalized',
      rosa_score: finalRosa(r.rosa),
      follow_up: r.follow_up_id ? { id: String(r.follow_up_id), answered: r.answered_at !== null } : null,
    }));
}
