import { wasSubmitted, withReport } from '../../domain/assessments/submitted-rows';
import type { AssessmentResult } from '../../../shared/assessment/types';
import { audit } from '../../audit/audit';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { canReadReport } from '../../policies/client-scope';
import { loadReport } from '../../domain/assessments/report-data';
import { PDF_TITLE, renderReportPdf } from '../../domain/assessments/pdf';
import { finalizedEvaluations } from '../../domain/evaluations/report-view';

const REPORT_NOT_FOUND = 'This report was not found.';

export const assessmentReportHandlers = {
  /**
   * SPEC §2 /user/my-reports: the caller's submitted self-assessments, newest first, with the §3 status label.
   * Listed (and readable, read-only) even when the client has turned TakeASelfAssessment off: SPEC §6
   * hides the self-assessment pages, and My Reports follows dashboard-pages-employee-dashboard-view.
   */
  async my_reports(ctx, request, reply) {
    const caller = request.caller;
    const rows = await ctx.db
      .selectFrom('assessment_attempts')
      .select(['area', 'submitted_at', 'report_token', 'report_status', 'result'])
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .where('status', '=', 'submitted')
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const surveys = await ctx.db
      .selectFrom('survey_reports')
      .select(['survey_name', 'submitted_at', 'report_token'])
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .orderBy('submitted_at', 'desc')
      .limit(200)
      .execute();
    return ok(reply, {
      reports: rows.filter(withReport).map((r) => ({
        type: 'self-assessment' as const,
        area: r.area,
        submitted_at: r.submitted_at,
        url: r.report_token,
        status: r.report_status ?? 'Finalized',
        overall: (r.result as AssessmentResult).overall,
      })),
      survey_reports: surveys.map((s) => ({
        type: 'survey',
        name: s.survey_name,
        submitted_at: s.submitted_at,
        url: s.report_token,
        status: 'Finalized',
      })),
      // SPEC §1: finalized one-to-one evaluation reports beside the self-assessments (never any other state).
      evaluation_reports: await finalizedEvaluations(ctx.db, caller.userId, caller.clientId),
    });
  },

  /**
   * SPEC §2 /user/my-reports/:email: one employee's submitted self-assessments, for the employee and
   * for those who may read that employee's reports (canReadReport: their client's programme manager
   * and our staff assigned to it). Anyone else, and an address nobody has, gets the same 404.
   */
  async employee_reports(ctx, request, reply) {
    const email = request.params.email.trim().toLowerCase();
    const employee =
      email.length <= 254
        ? await ctx.db
            .selectFrom('users')
            .select(['id', 'client_id', 'first_name', 'last_name', 'email'])
            .where('email', '=', email)
            .executeTakeFirst()
        : undefined;
    if (!employee || !(await canReadReport(ctx.db, request.caller, { user_id: employee.id, client_id: employee.client_id })))
      return fail(reply, 404, 'No employee with that e-mail address is in your programme.');
    const rows = await ctx.db
      .selectFrom('assessment_attempts')
      .select(['area', 'submitted_at', 'report_token', 'report_status', 'result'])
      .where('user_id', '=', employee.id)
      .where('client_id', '=', employee.client_id)
      .where('status', '=', 'submitted')
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return ok(reply, {
      employee: { first_name: employee.first_name, last_name: employee.last_name, email: employee.email },
      reports: rows.filter(withReport).map((r) => ({
        type: 'self-assessment' as const,
        area: r.area,
        submitted_at: r.submitted_at,
        url: r.report_token,
        status: r.report_status ?? 'Finalized',
        overall: (r.result as AssessmentResult).overall,
      })),
      survey_reports: [],
      evaluation_reports: await finalizedEvaluations(ctx.db, employee.id, employee.client_id),
    });
  },

  /** SPEC §2 /admin/summary-reports/:id: a client's submitted self-assessments, newest first. */
  async assessment_reports_admin(ctx, request, reply) {
    const clientId = Number(request.params.clientId);
    const client =
      Number.isInteger(clientId) && clientId > 0
        ? await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', clientId).executeTakeFirst()
        : undefined;
    if (!client) return fail(reply, 404, 'Client not found.');
    const rows = await ctx.db
      .selectFrom('assessment_attempts')
      .innerJoin('users', 'users.id', 'assessment_attempts.user_id')
      .select([
        'assessment_attempts.id',
        'assessment_attempts.user_id',
        'assessment_attempts.area',
        'assessment_attempts.submitted_at',
        'assessment_attempts.report_status',
        'assessment_attempts.result',
        'users.first_name',
        'users.last_name',
        'users.email',
      ])
      .where('assessment_attempts.client_id', '=', client.id)
      .where('assessment_attempts.status', '=', 'submitted')
      .orderBy('assessment_attempts.submitted_at', 'desc')
      .limit(500)
      .execute();
    return ok(reply, {
      client,
      reports: rows.filter(wasSubmitted).map(({ result, ...r }) => ({
        ...r,
        id: String(r.id),
        status: r.report_status ?? 'Finalized',
        overall: (result as AssessmentResult).overall,
      })),
    });
  },

  /** SPEC §2 /admin/viewreport/:userid/:id. */
  async assessment_report_admin(ctx, request, reply) {
    const { userId, id } = request.params;
    const report = await loadReport(ctx.db, request.caller, { userId: Number(userId), id });
    return report ? ok(reply, { report }) : fail(reply, 404, REPORT_NOT_FOUND);
  },

  async assessment_report(ctx, request, reply) {
    const report = await loadReport(ctx.db, request.caller, request.params.url);
    return report ? ok(reply, { report }) : fail(reply, 404, REPORT_NOT_FOUND);
  },

  /** The PDF download (SPEC §4): every download is written to the audit log. */
  async assessment_report_pdf(ctx, request, reply) {
    const caller = request.caller;
    const report = await loadReport(ctx.db, caller, request.params.url);
    if (!report) return fail(reply, 404, REPORT_NOT_FOUND);
    const origin = `${request.protocol}://${request.host}`;
    const pdf = await renderReportPdf(report, ctx.config.publicUrl ?? origin);
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: caller.clientId,
        action: 'report.downloaded',
        target: `assessment_report:${report.id}`,
        address: request.ip,
        details: { dashboard: 'self-assessment', user_name: `${report.employee.first_name} ${report.employee.last_name}`, format: 'pdf' },
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
} satisfies AreaHandlers<'reports'>;
