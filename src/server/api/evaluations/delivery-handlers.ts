import type { NotNull } from 'kysely';
import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';
import { coded, codedRefusal } from '../../../shared/server-messages';
import { audit } from '../../audit/audit';
import { PDF_TITLE } from '../../domain/assessments/pdf';
import { parseId } from '../../http/grid-query';
import { fail, failWith, ok } from '../../http/replies';
import { cancelJob } from '../../jobs/job-store';
import { NOT_FOUND, resolveClient } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { renderEvaluationPdf } from './evaluation-pdf';
import { followUpKey } from '../../domain/evaluations/follow-up';
import { evaluationTexts } from '../../domain/evaluations/evaluation-texts';
import { loadEvaluationReport, recommendationLabel, type Recommendation } from '../../domain/evaluations/report-view';
import { recommendationKey } from '../../domain/actions/create-actions';
import { actionTransition } from '../../../shared/actions/action-rules';

const REPORT_NOT_FOUND = 'This report was not found.';
const KNOWN_REGIONS: ReadonlySet<string> = new Set(CMDQ_REGIONS);
type Outcome = { status: 400 | 404 | 409; message: string } | { answered_at: Date };
/**
 * Delivery of one-to-one evaluation reports (SPEC §1: the employee receives the report in My Reports)
 * and their follow-up. Only Finalized reports are ever shown here; the follow-up is the employee's own.
 */
export const evaluationDeliveryHandlers = {
  async evaluation_report(ctx, request, reply) {
    const report = await loadEvaluationReport(ctx.db, request.caller, request.params.url);
    return report ? ok(reply, { report }) : fail(reply, 404, REPORT_NOT_FOUND);
  },

  /** The Summary-Report PDF (SPEC §4): every download is written to the audit log. */
  async evaluation_report_pdf(ctx, request, reply) {
    const caller = request.caller;
    const report = await loadEvaluationReport(ctx.db, caller, request.params.url);
    if (!report) return fail(reply, 404, REPORT_NOT_FOUND);
    const pdf = await renderEvaluationPdf(report);
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: caller.clientId,
        action: 'report.downloaded',
        target: `evaluation:${report.id}`,
        address: request.ip,
        details: { dashboard: 'evaluation', user_name: `${report.employee.first_name} ${report.employee.last_name}`, format: 'pdf' },
      },
      ctx.now(),
    );
    return reply
      .code(200)
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${PDF_TITLE}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  },

  /** The caller's own follow-up with the report's recommendations; anyone else's answers 404. */
  async follow_up_get(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const row = id
      ? await ctx.db
          .selectFrom('follow_ups as f')
          .innerJoin('evaluations as e', 'e.id', 'f.evaluation_id')
          .select([
            'f.id',
            'f.due_at',
            'f.answered_at',
            'f.answers',
            'e.report_token',
            'e.finalized_at',
            'e.work_area',
            'e.recommendations',
          ])
          .where('f.id', '=', String(id))
          .where('f.employee_id', '=', caller.userId)
          .where('f.client_id', '=', caller.clientId)
          .where('e.status', '=', 'finalized')
          // Finalizing sets the time; the filter makes the reply's non-null time hold.
          .where('e.finalized_at', 'is not', null)
          .$narrowType<{ finalized_at: NotNull }>()
          .executeTakeFirst()
      : undefined;
    if (!row) return fail(reply, 404, NOT_FOUND);
    const recommendations = (
      typeof row.recommendations === 'string' ? JSON.parse(row.recommendations) : row.recommendations
    ) as Recommendation[];
    return ok(reply, {
      follow_up: {
        id: String(row.id),
        due_at: row.due_at,
        answered_at: row.answered_at,
        answers: row.answers,
        report_url: row.report_token,
        finalized_at: row.finalized_at,
        work_area: row.work_area,
        // The employee reads their follow-up in their profile language, like the report (SPEC §2).
        recommendations: recommendations.map((r) => ({
          label: recommendationLabel(r, evaluationTexts(caller.profile.language)),
          priority: r.priority,
        })),
      },
    });
  },

  /** One answer per follow-up (409 after that): each recommendation's progress, discomfort now (Cornell regions), a comment. */
  async follow_up_answer(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const body = request.payload;
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
      const row = id
        ? await trx
            .selectFrom('follow_ups as f')
            .innerJoin('evaluations as e', 'e.id', 'f.evaluation_id')
            .select(['f.id', 'f.evaluation_id', 'f.client_id', 'f.answered_at', 'e.recommendations', 'e.status'])
            .where('f.id', '=', String(id))
            .where('f.employee_id', '=', caller.userId)
            .where('f.client_id', '=', caller.clientId)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      if (!row || row.status !== 'finalized') return { status: 404, message: NOT_FOUND };
      if (row.answered_at) return { status: 409, message: 'You have already answered this follow-up. Thank you.' };
      const recommendations = (
        typeof row.recommendations === 'string' ? JSON.parse(row.recommendations) : row.recommendations
      ) as Recommendation[];
      if (body.recommendations.length !== recommendations.length)
        return codedRefusal(400, coded('evaluation.progress_each', { count: recommendations.length }));
      const unknownRegion = Object.keys(body.discomfort ?? {}).find((region) => !KNOWN_REGIONS.has(region));
      if (unknownRegion) return { status: 400, message: `Unknown body region: ${unknownRegion}.` };
      const answers = {
        recommendations: recommendations.map((r, i) => ({
          label: recommendationLabel(r),
          priority: r.priority,
          status: body.recommendations[i],
        })),
        discomfort: body.discomfort ?? {},
        comment: (body.comment ?? '').trim(),
      };
      await trx
        .updateTable('follow_ups')
        .set({ answered_at: now, answers: JSON.stringify(answers) })
        .where('id', '=', row.id)
        .execute();
      // No reminder after the answer.
      await cancelJob(trx, followUpKey(row.evaluation_id));
      // A recommendation the employee says is done marks its open action done: their own word, as the
      // button would; a later report or self-assessment verifies it (docs/product.md "Corrective actions").
      const doneKeys = recommendations.flatMap((r, i) =>
        body.recommendations[i] === 'done' ? [recommendationKey(r, row.evaluation_id, i)] : [],
      );
      const markDone = actionTransition('mark_done');
      const moved = doneKeys.length
        ? await trx
            .updateTable('corrective_actions')
            .set({ state: markDone.to, updated_at: now })
            .where('user_id', '=', caller.userId)
            .where('client_id', '=', row.client_id)
            .where('finding_key', 'in', doneKeys)
            .where('state', 'in', [...markDone.from])
            .returning('id')
            .execute()
        : [];
      for (const action of moved)
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: row.client_id,
            action: `action.${markDone.name}`,
            target: `action:${action.id}`,
            address: request.ip,
            details: { before: { state: markDone.from[0] }, after: { state: markDone.to }, follow_up: row.id },
          },
          now,
        );
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: row.client_id,
          action: 'follow_up.answered',
          target: `follow_up:${row.id}`,
          address: request.ip,
          details: { evaluation_id: row.evaluation_id },
        },
        now,
      );
      return { answered_at: now };
    });
    if ('status' in outcome) return failWith(reply, outcome);
    return ok(reply, { id: String(id), answered_at: outcome.answered_at }, 'Thank you. Your follow-up has been recorded.');
  },

  /** A client's follow-ups with their answers, newest first, for the programme pages (client scope: resolveClient). */
  async client_follow_ups(ctx, request, reply) {
    const clientId = await resolveClient(ctx.db, request.caller, request.params.id);
    if (!clientId) return fail(reply, 404, NOT_FOUND);
    const rows = await ctx.db
      .selectFrom('follow_ups as f')
      .innerJoin('users as u', 'u.id', 'f.employee_id')
      .innerJoin('evaluations as e', 'e.id', 'f.evaluation_id')
      .select([
        'f.id',
        'f.evaluation_id',
        'f.due_at',
        'f.reminders_sent',
        'f.last_reminder_at',
        'f.answered_at',
        'f.answers',
        'e.finalized_at',
        'e.work_area',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .where('f.client_id', '=', clientId)
      .orderBy('f.due_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(2000)
      .execute();
    return ok(reply, {
      client_id: clientId,
      follow_ups: rows.map(({ first_name, last_name, ...r }) => ({ ...r, id: String(r.id), employee: `${first_name} ${last_name}` })),
    });
  },
} satisfies AreaHandlers<'evaluations'>;
