import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { fail, ok } from '../../http/replies';
import { likePattern, parseDeclaredGridQuery } from '../../http/grid-query';
import { surveyReportsGrid, type SurveyReportsGridSort } from '../../../../generated/grids';
import type { AreaHandlers, RequestWith, SignedInRequest } from '../../http/handler-types';
import { PDF_TITLE } from '../../domain/assessments/pdf';
import { readSurveyExport } from './survey-csv';
import { parseDataUrl } from '../../../shared/validation/images';
import { coded, englishOf } from '../../../shared/server-messages';
import { loadSurveyReport, type SurveyReportView } from './survey-data';
import { renderSurveyPdf } from './survey-pdf';

const NOT_FOUND = 'This report was not found.';
/** SPEC §5 "only CSV allowed", in the words of the csv-file rule (src/shared/validation/rules.ts). */
const CSV_ONLY = 'Only CSV files are allowed.';
const clientIdOf = (request: RequestWith<{ clientId: string }>) => {
  const id = Number(request.params.clientId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

async function sendPdf(ctx: AppContext, request: SignedInRequest, reply: FastifyReply, report: SurveyReportView | undefined) {
  if (!report) return fail(reply, 404, NOT_FOUND);
  const pdf = await renderSurveyPdf(report);
  const caller = request.caller;
  // SPEC §4: every report download is written to the audit log.
  await audit(
    ctx.db,
    {
      actorId: caller.userId,
      actorEmail: caller.email,
      clientId: caller.clientId,
      action: 'report.downloaded',
      target: `survey_report:${report.id}`,
      address: request.ip,
      details: { dashboard: 'survey', user_name: `${report.employee.first_name} ${report.employee.last_name}`, format: 'pdf' },
    },
    ctx.now(),
  );
  return reply
    .code(200)
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${PDF_TITLE}.pdf"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

const adminWhere = (request: RequestWith<{ userId: string; id: string }>) => {
  const p = request.params;
  return { userId: Number(p.userId), id: p.id };
};

export const surveyReportHandlers = {
  /**
   * Imports the survey tool's CSV export for one client (SPEC §2 /admin/alchemer-summary-reports/:id):
   * each response is stored for the client's user with that e-mail. All or nothing: any unreadable row
   * or unknown e-mail refuses the file with every problem listed; responses already imported are skipped.
   */
  async survey_reports_import(ctx, request, reply) {
    const clientId = clientIdOf(request);
    const client = clientId
      ? await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', clientId).executeTakeFirst()
      : undefined;
    if (!client) return fail(reply, 404, 'Client not found.');
    const body = request.payload;
    // The form's file widget sends the file as a data URL (manifest/forms/survey-import.yaml); its
    // schema and csv-file rule have been checked by the gate, so only its bytes are left to read.
    const file = parseDataUrl(body.import_file);
    if (!file) return fail(reply, 400, CSV_ONLY, { import_file: CSV_ONLY });
    const { responses, problems } = readSurveyExport(new TextDecoder().decode(file.bytes));
    if (responses.length === 0 && problems.length === 0) problems.push(coded('survey.no_responses'));
    const emails = [...new Set(responses.map((r) => r.email))];
    const users =
      emails.length === 0
        ? []
        : await ctx.db
            .selectFrom('users')
            .select(['id', 'email'])
            .where(sql<string>`lower(email)`, 'in', emails)
            .where((eb) =>
              eb.or([
                eb('client_id', '=', client.id),
                eb('id', 'in', eb.selectFrom('user_clients').select('user_id').where('client_id', '=', client.id)),
              ]),
            )
            .execute();
    const userByEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
    for (const r of responses)
      if (!userByEmail.has(r.email))
        problems.push(coded('survey.unknown_email', { row: r.row, client: client.company_name, email: r.email }));
    if (problems.length > 0) {
      // `problems` in English for API clients, `codes` beside them for the page to word in the reader's language.
      const english = problems.map(englishOf);
      return reply.code(400).send({ success: false, errors: english.slice(0, 5).join(' '), problems: english, codes: problems });
    }
    const surveyName = (name: string | null) => (name ?? body.survey_name ?? 'Survey report').slice(0, 200);
    const imported = await ctx.db.transaction().execute(async (trx) => {
      const done: string[] = [];
      for (const r of responses) {
        const row = await trx
          .insertInto('survey_reports')
          .values({
            user_id: userByEmail.get(r.email)!,
            client_id: client.id,
            survey_name: surveyName(r.surveyName),
            response_id: r.responseId,
            submitted_at: r.submittedAt,
            answers: JSON.stringify(r.answers),
            report_token: randomBytes(24).toString('base64url'),
            imported_by: request.caller.userId,
            imported_at: ctx.now(),
          })
          .onConflict((oc) => oc.columns(['client_id', 'response_id']).doNothing())
          .returning('response_id')
          .executeTakeFirst();
        if (row) done.push(row.response_id);
      }
      // The imported reports and their audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: request.caller.userId,
          actorEmail: request.caller.email,
          clientId: client.id,
          action: 'survey_reports.imported',
          target: `client:${client.id}`,
          address: request.ip,
          details: { before: null, after: { imported: done, skipped_already_imported: responses.length - done.length } },
        },
        ctx.now(),
      );
      return done;
    });
    return ok(
      reply,
      { imported: imported.length, already_imported: responses.length - imported.length },
      `${imported.length} survey reports imported.`,
    );
  },

  /**
   * The client's imported survey reports as the grid manifest/grids/survey_reports.yaml declares it:
   * paged, sorted (newest first unless asked) and searched on the server; the client's name for the heading.
   */
  async survey_reports_list(ctx, request, reply) {
    const clientId = clientIdOf(request);
    const client = clientId
      ? await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', clientId).executeTakeFirst()
      : undefined;
    if (!client) return fail(reply, 404, 'Client not found.');
    const q = parseDeclaredGridQuery(request.query, surveyReportsGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const pattern = likePattern(q.q);
    const matching = () => {
      const rows = ctx.db
        .selectFrom('survey_reports')
        .innerJoin('users', 'users.id', 'survey_reports.user_id')
        .where('survey_reports.client_id', '=', client.id);
      return q.q
        ? rows.where(
            sql<boolean>`lower(users.first_name || ' ' || users.last_name || ' ' || users.email || ' ' || survey_reports.survey_name) LIKE ${pattern} ESCAPE '\\'`,
          )
        : rows;
    };
    // Sort keys map to fixed columns (never SQL from the query string).
    const columns = {
      last_name: 'users.last_name',
      survey_name: 'survey_reports.survey_name',
      submitted_at: 'survey_reports.submitted_at',
    } as const satisfies Record<SurveyReportsGridSort, string>;
    const [rows, total] = await Promise.all([
      matching()
        .select([
          'survey_reports.id',
          'survey_reports.user_id',
          'survey_reports.survey_name',
          'survey_reports.submitted_at',
          'users.first_name',
          'users.last_name',
          'users.email',
        ])
        .orderBy(columns[q.sort], q.dir)
        .orderBy('users.first_name', q.dir)
        .orderBy('survey_reports.id', q.dir)
        .limit(q.size)
        .offset(q.start)
        .execute(),
      matching()
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, {
      client,
      rows: rows.map((r) => ({ ...r, id: String(r.id), name: `${r.first_name} ${r.last_name}` })),
      total: Number(total.count),
    });
  },

  async survey_report_admin(ctx, request, reply) {
    const report = await loadSurveyReport(ctx.db, request.caller, adminWhere(request));
    return report ? ok(reply, { report }) : fail(reply, 404, NOT_FOUND);
  },
  async survey_report_admin_pdf(ctx, request, reply) {
    return sendPdf(ctx, request, reply, await loadSurveyReport(ctx.db, request.caller, adminWhere(request)));
  },
  async survey_report(ctx, request, reply) {
    const report = await loadSurveyReport(ctx.db, request.caller, { token: request.params.url });
    return report ? ok(reply, { report }) : fail(reply, 404, NOT_FOUND);
  },
  async survey_report_pdf(ctx, request, reply) {
    return sendPdf(ctx, request, reply, await loadSurveyReport(ctx.db, request.caller, { token: request.params.url }));
  },
} satisfies AreaHandlers<'survey-reports'>;
