import type { Kysely } from 'kysely';
import type { AssessmentResult } from '../../../shared/assessment/types';
import type { Database } from '../../db/schema';
import { ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { evaluationTexts } from '../../domain/evaluations/evaluation-texts';
import { finalRosa, reportRecommendation, type Recommendation } from '../../domain/evaluations/report-view';
import { selfAssessmentEnabled } from '../../domain/assessments/access';

const DAY_MS = 24 * 3600 * 1000;
/** How many open recommendations the home lists; the reports hold the rest. */
const HOME_RECOMMENDATIONS = 6;

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * When the next self-assessment is due (migration 016's reassessment interval, set on
 * /admin/self_assesment): the interval after the latest submission, or now when there is none yet.
 */
async function reassessmentDue(db: Kysely<Database>, clientId: number, lastSubmitted: Date | null, now: Date) {
  if (!(await selfAssessmentEnabled(db, clientId))) return null;
  const settings = await db
    .selectFrom('client_assessment_settings')
    .select('reassessment_days')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const days = settings?.reassessment_days;
  if (!days) return null;
  const due = lastSubmitted ? new Date(lastSubmitted.getTime() + days * DAY_MS) : null;
  return { interval_days: days, due_at: due, overdue: due ? due.getTime() <= now.getTime() : true };
}

export const employeeHomeHandlers = {
  /**
   * SPEC §2 employee home (/user): the caller's own latest result, the next reassessment and the
   * recommendations still open, read only from the caller's own rows at the caller's client.
   */
  async employee_home(ctx, request, reply) {
    const caller = request.caller;
    const [attempt, evaluation, user] = await Promise.all([
      ctx.db
        .selectFrom('assessment_attempts')
        .select(['area', 'submitted_at', 'report_token', 'result'])
        .where('user_id', '=', caller.userId)
        .where('client_id', '=', caller.clientId)
        .where('status', '=', 'submitted')
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('evaluations as e')
        .leftJoin('follow_ups as f', 'f.evaluation_id', 'e.id')
        .select(['e.report_token', 'e.finalized_at', 'e.rosa', 'e.recommendations', 'f.answers'])
        .where('e.employee_id', '=', caller.userId)
        .where('e.client_id', '=', caller.clientId)
        .where('e.status', '=', 'finalized')
        .orderBy('e.finalized_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      ctx.db.selectFrom('users').select('language').where('id', '=', caller.userId).executeTakeFirst(),
    ]);
    const result = attempt ? parse<AssessmentResult>(attempt.result) : null;
    const submitted = attempt?.submitted_at ? new Date(attempt.submitted_at) : null;
    const recommendations: {
      source: 'self-assessment' | 'evaluation';
      title: string;
      priority: 'high' | 'moderate' | 'medium' | 'low';
      link?: string;
      report_url: string;
    }[] = [];
    if (result && attempt?.report_token)
      for (const f of result.findings.filter((x) => x.severity !== 'low'))
        recommendations.push({
          source: 'self-assessment',
          title: f.title,
          priority: f.severity,
          ...(f.links[0] ? { link: f.links[0].href } : {}),
          report_url: attempt.report_token,
        });
    let lastEvaluation = null;
    if (evaluation?.report_token && evaluation.finalized_at) {
      lastEvaluation = {
        url: evaluation.report_token,
        finalized_at: new Date(evaluation.finalized_at),
        rosa_score: finalRosa(evaluation.rosa),
      };
      // The follow-up marks each recommendation, in the report's order, done / in progress / not done
      // (follow_up_answer stores the word; older records an object with its status).
      const marks = (parse<{ recommendations?: unknown[] } | null>(evaluation.answers)?.recommendations ?? []).map((m) =>
        typeof m === 'string' ? m : (m as { status?: unknown } | null)?.status,
      );
      const table = evaluationTexts(user?.language);
      (parse<Recommendation[]>(evaluation.recommendations) ?? []).forEach((r, i) => {
        if (marks[i] === 'done') return;
        const { label, link } = reportRecommendation(r, table);
        recommendations.push({
          source: 'evaluation',
          title: label,
          priority: r.priority,
          ...(link ? { link } : {}),
          report_url: evaluation.report_token,
        });
      });
    }
    const rank = { high: 0, moderate: 1, medium: 1, low: 2 } as const;
    recommendations.sort((a, b) => rank[a.priority] - rank[b.priority]);
    return ok(reply, {
      last_result:
        result && attempt?.report_token && submitted
          ? {
              url: attempt.report_token,
              area: result.area,
              submitted_at: submitted,
              score: result.overall.score,
              max: result.overall.max,
              band: result.overall.band,
              action_needed: result.overall.actionNeeded,
            }
          : null,
      last_evaluation: lastEvaluation,
      reassessment: await reassessmentDue(ctx.db, caller.clientId, submitted, ctx.now()),
      recommendations: recommendations.slice(0, HOME_RECOMMENDATIONS),
    });
  },
} satisfies AreaHandlers<'reports'>;
