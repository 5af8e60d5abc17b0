import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createContext } from '../../src/server/create-context';
import type { AppContext } from '../../src/server/context';
import { scheduleJob } from '../../src/server/jobs/job-store';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { FOLLOW_UP_JOB, followUpJob, MAX_REMINDERS, REMINDER_DAYS } from '../../src/server/domain/evaluations/follow-up';
import { download, pdfText } from '../helpers/assessment';
import { evaluationTexts } from '../../src/server/domain/evaluations/evaluation-texts';

let server: TestServer;
let ids: Record<string, number>;
const DAY = 86_400_000;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
});
afterAll(async () => {
  await server?.close();
});

const RECOMMENDATIONS = [
  { catalogue_key: 'chair.lumbar_support', priority: 'high' },
  { text: 'Raise the top of the screen to eye height on a monitor riser.', priority: 'medium' },
];

/** An evaluation written by evaluator@, reviewed and finalized by evaluator2@, through the real calls. */
async function finalized(
  employee: string = ACCOUNTS.employee,
  observations: Record<string, string | string[]> = { posture: 'Shoulders raised; the desk is 6 cm too high.' },
): Promise<{ id: number; token: string }> {
  const author = await as(ACCOUNTS.evaluator);
  const reviewer = await as(ACCOUNTS.evaluator2);
  // Starting resumes the author's open draft for the employee, at whatever version it has reached.
  const { id, version } = (await author.post('/evaluations', { employee_id: ids[employee], work_area: 'Home' })).data as {
    id: number;
    version: number;
  };
  expect(
    (
      await author.post(`/evaluations/${id}`, {
        version,
        observations,
        recommendations: RECOMMENDATIONS,
      })
    ).status,
  ).toBe(200);
  for (const [agent, transition] of [
    [author, 'submit'],
    [reviewer, 'review'],
    [reviewer, 'pass_qc'],
    [reviewer, 'finalize'],
  ] as const) {
    const answer = await agent.post(`/evaluations/${id}/transitions`, { transition });
    expect(answer.status, transition).toBe(200);
  }
  const row = await server.ctx.db.selectFrom('evaluations').select('report_token').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, token: row.report_token };
}
type MyReports = { evaluation_reports: { url: string; status: string; follow_up: { id: string; answered: boolean } | null }[] };
const listed = async (agent: Agent) => ((await agent.get('/my-reports')).data as MyReports).evaluation_reports.map((r) => r.url);

describe('evaluation delivery (My Reports)', () => {
  it("a finalized report shows in the employee's My Reports and opens; other states never do", async () => {
    const { token } = await finalized();
    const employee = await as(ACCOUNTS.employee);
    expect(await listed(employee)).toContain(token);
    const report = await employee.get(`/evaluation-reports/${token}`);
    expect(report.status).toBe(200);
    expect(report.data).toMatchObject({
      report: { status: 'Finalized', recommendations: [{ label: 'Add lumbar support', priority: 'high' }, { priority: 'medium' }] },
    });

    // Every other state, set on real rows: never listed, never readable by the employee.
    for (const status of ['draft', 'in_review', 'pending_client_approval', 'declined', 'hidden']) {
      const other = await finalized();
      await server.ctx.db.updateTable('evaluations').set({ status }).where('id', '=', other.id).execute();
      expect(await listed(employee), status).not.toContain(other.token);
      expect((await employee.get(`/evaluation-reports/${other.token}`)).status, status).toBe(404);
      expect((await employee.get(`/evaluation-reports/${other.token}/pdf`)).status, status).toBe(404);
    }
  });

  it('hiding through the workflow withdraws the report from the employee; showing it again returns it', async () => {
    const { id, token } = await finalized();
    const reviewer = await as(ACCOUNTS.evaluator2);
    const employee = await as(ACCOUNTS.employee);
    expect(
      (await reviewer.post(`/evaluations/${id}/transitions`, { transition: 'hide', reason: 'Wrong employee named in the observations.' }))
        .status,
    ).toBe(200);
    expect(await listed(employee)).not.toContain(token);
    expect((await employee.get(`/evaluation-reports/${token}`)).status).toBe(404);
    expect((await reviewer.post(`/evaluations/${id}/transitions`, { transition: 'unhide', reason: 'Corrected.' })).status).toBe(200);
    expect(await listed(employee)).toContain(token);
  });

  it("another employee, another client's manager and a malformed token get 404; the programme manager sees it under the employee", async () => {
    const { token } = await finalized();
    expect((await (await as(ACCOUNTS.newStarter)).get(`/evaluation-reports/${token}`)).status).toBe(404);
    expect((await (await as(ACCOUNTS.fabrikamEmployee)).get(`/evaluation-reports/${token}/pdf`)).status).toBe(404);
    const employee = await as(ACCOUNTS.employee);
    expect((await employee.get('/evaluation-reports/not-a-token')).status).toBe(404);
    const manager = await as(ACCOUNTS.manager);
    const theirs = await manager.get(`/employee-reports/${encodeURIComponent(ACCOUNTS.employee)}`);
    expect(theirs.status).toBe(200);
    expect((theirs.data as MyReports).evaluation_reports.map((r) => r.url)).toContain(token);
    expect((await manager.get(`/evaluation-reports/${token}`)).status).toBe(200);
  });

  it('the PDF is a Summary-Report and every download is audited', async () => {
    const { id, token } = await finalized();
    const employee = await as(ACCOUNTS.employee);
    const pdf = await employee.raw('GET', `/blogs/api/evaluation-reports/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('Summary-Report.pdf');
    const rows = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target', '=', `evaluation:${id}`)
      .where('action', '=', 'report.downloaded')
      .execute();
    expect(rows).toEqual([{ action: 'report.downloaded', actor_email: ACCOUNTS.employee }]);
  });
});

describe("the report in the employee's language (content/evaluations/texts/)", () => {
  it("gives a Spanish-speaking employee the catalogue recommendation in Spanish, page and PDF, and every other language its own; the evaluator's own words stay as written", async () => {
    const { id, token } = await finalized();
    const employee = await as(ACCOUNTS.employee);
    const { language } = await server.ctx.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', ids[ACCOUNTS.employee])
      .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('users').set({ language: 'es' }).where('id', '=', ids[ACCOUNTS.employee]).execute();
    try {
      const report = (await employee.get(`/evaluation-reports/${token}`)).data as {
        report: { language: string; recommendations: { label: string; text?: string; link?: string; priority: string; key: string }[] };
      };
      expect(report.report.language).toBe('es');
      expect(report.report.recommendations).toEqual([
        {
          label: 'Añade un soporte lumbar',
          text: 'Usa el ajuste lumbar de la silla o añade un cojín lumbar, para que la zona baja de la espalda quede apoyada con el respaldo a 95–110°.',
          // The catalogue entry's guide, linked from the report (content/evaluations/recommendations.json).
          link: '/user/lumbar-support',
          priority: 'high',
          // The employee's action of it: a catalogue recommendation by its key, the evaluator's own by its place.
          key: 'recommendation:chair.lumbar_support',
        },
        { label: RECOMMENDATIONS[1]!.text, priority: 'medium', key: `evaluation:${id}:2` },
      ]);
      const pdf = await download(employee, `/evaluation-reports/${token}/pdf`);
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
      expect(text).toContain('Añade un soporte lumbar');
      expect(text).toContain('Usa el ajuste lumbar de la silla');
      expect(text).not.toContain('Add lumbar support');
      expect(text).toContain('Raise the top of the screen to eye height');
    } finally {
      await server.ctx.db.updateTable('users').set({ language }).where('id', '=', ids[ACCOUNTS.employee]).execute();
    }
    // Every other language, page and PDF alike (the PDF's font covers cn, ja and ko).
    for (const other of ['pt', 'fr', 'de', 'ja', 'cn', 'ko']) {
      const title = evaluationTexts(other)!['r.chair.lumbar_support.title']!;
      await server.ctx.db.updateTable('users').set({ language: other }).where('id', '=', ids[ACCOUNTS.employee]).execute();
      try {
        const page = (await employee.get(`/evaluation-reports/${token}`)).data as {
          report: {
            recommendations: { label: string }[];
            observations: { section: string; label: string }[];
            texts: Record<string, string>;
          };
        };
        expect(page.report.recommendations[0]!.label, other).toBe(title);
        // The observation's section and label and the report's headings in the same language.
        const texts = evaluationTexts(other)!;
        expect(page.report.observations[0], other).toMatchObject({ section: texts['s.posture.title'], label: texts['f.posture.label'] });
        const heading = page.report.texts['report.recommendations']!;
        expect(heading, other).not.toBe('Recommendations');
        const pdf = pdfText((await download(employee, `/evaluation-reports/${token}/pdf`)).bytes).replace(/\s+/g, '');
        for (const words of [title, texts['f.posture.label']!, heading]) expect(pdf, other).toContain(words.replace(/\s+/g, ''));
      } finally {
        await server.ctx.db.updateTable('users').set({ language }).where('id', '=', ids[ACCOUNTS.employee]).execute();
      }
    }
    // In English the catalogue's own words, with the explanation beside the title.
    const english = (await employee.get(`/evaluation-reports/${token}`)).data as {
      report: { recommendations: { label: string; text?: string }[] };
    };
    expect(english.report.recommendations[0]).toMatchObject({
      label: 'Add lumbar support',
      text: expect.stringContaining("Use the chair's lumbar"),
    });
  });
});

describe("the report's observations and its own words in the employee's language", () => {
  /** Every kind of answer: one choice, several, yes/no, free text. */
  const OBSERVED = {
    'chair.seat_height': 'feet_unsupported',
    'chair.armrest_issues': ['hard', 'too_wide'],
    'chair.legroom': 'no',
    'time.phone': 'gt4',
    posture: 'Se inclina hacia delante para leer la pantalla.',
  };
  type View = {
    report: {
      texts: Record<string, string>;
      work_area: string;
      status: string;
      observations: { section: string; label: string; text: string }[];
    };
  };

  it('labels each observation with its section and field, each answer with its option, in Spanish on the page and in the PDF; never a raw value', async () => {
    const employeeId = ids[ACCOUNTS.employee]!;
    const { language, client_id } = await server.ctx.db
      .selectFrom('users')
      .select(['language', 'client_id'])
      .where('id', '=', employeeId)
      .executeTakeFirstOrThrow();
    // The client's own Spanish wording of one heading, fixed with the report when it is finalized.
    await server.ctx.db
      .insertInto('client_text_overrides')
      .values({ client_id, scope: 'ergo-eval', language: 'es', text_key: 'report.recommendations', text: 'Nuestras recomendaciones' })
      .execute();
    let token: string;
    try {
      ({ token } = await finalized(ACCOUNTS.employee, OBSERVED));
    } finally {
      await server.ctx.db
        .deleteFrom('client_text_overrides')
        .where('client_id', '=', client_id)
        .where('text_key', '=', 'report.recommendations')
        .execute();
    }
    const employee = await as(ACCOUNTS.employee);
    await server.ctx.db.updateTable('users').set({ language: 'es' }).where('id', '=', employeeId).execute();
    try {
      const { report } = (await employee.get(`/evaluation-reports/${token}`)).data as View;
      expect(report.observations).toEqual([
        { section: 'Silla', label: 'Altura del asiento', text: 'Los pies no llegan al suelo' },
        { section: 'Silla', label: '¿Hay espacio suficiente para las piernas bajo la mesa?', text: 'No' },
        { section: 'Silla', label: 'Problemas de los reposabrazos', text: 'Superficie dura o dañada; Demasiado separados' },
        { section: 'Teléfono', label: 'Tiempo al teléfono', text: 'Más de 4 horas al día' },
        { section: 'Postura general y hábitos', label: 'Postura observada', text: OBSERVED.posture },
      ]);
      expect(report.texts).toMatchObject({
        'report.title': 'Evaluación ergonómica individual',
        'report.observations': 'Observaciones de la evaluación',
        'report.priority.high': 'Prioridad alta',
        'report.status': 'Finalizado',
        // The client's wording wins over the standard Spanish.
        'report.recommendations': 'Nuestras recomendaciones',
      });
      expect(report.work_area).toBe('En casa');
      const json = JSON.stringify(report);
      for (const raw of ['feet_unsupported', 'too_wide', 'gt4', '"no"', 'chair.seat_height', 'Seat height', 'High priority'])
        expect(json, raw).not.toContain(raw);

      const pdf = await download(employee, `/evaluation-reports/${token}/pdf`);
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
      for (const words of [
        'Evaluación ergonómica individual',
        'Observaciones de la evaluación',
        'Silla',
        'Altura del asiento',
        'Los pies no llegan al suelo',
        'Superficie dura o dañada; Demasiado separados',
        'Más de 4 horas al día',
        'Nuestras recomendaciones',
        'Prioridad alta',
        'Finalizado',
        'En casa',
        OBSERVED.posture,
      ])
        expect(text, words).toContain(words);
      for (const raw of [
        'feet_unsupported',
        'too_wide',
        'gt4',
        'chair.seat_height',
        'Seat height',
        'High priority',
        'What the ergonomist observed',
      ])
        expect(text, raw).not.toContain(raw);
    } finally {
      await server.ctx.db.updateTable('users').set({ language }).where('id', '=', employeeId).execute();
    }
    // In English, the form's own labels and the standard words; the client's Spanish wording stays Spanish-only.
    const { report } = (await employee.get(`/evaluation-reports/${token}`)).data as View;
    expect(report.observations[0]).toEqual({ section: 'Chair', label: 'Seat height', text: 'Feet do not reach the floor' });
    expect(report.observations[1]!.text).toBe('No');
    expect(report.texts['report.recommendations']).toBe('Recommendations');
  });
});

const outbox = (to: string, subject: string) =>
  server.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'body_text'])
    .where('to_address', '=', to)
    .where('subject', 'like', `%${subject}%`)
    .orderBy('id')
    .execute();

describe('evaluation follow-up', () => {
  it('is scheduled in the finalizing transaction, e-mails when due, reminds every week and stops after three reminders', async () => {
    const { id } = await finalized(ACCOUNTS.newStarter);
    const job = await server.ctx.db
      .selectFrom('scheduled_jobs')
      .select(['run_at', 'status'])
      .where('dedupe_key', '=', `${FOLLOW_UP_JOB}:${id}`)
      .executeTakeFirstOrThrow();
    const evaluation = await server.ctx.db.selectFrom('evaluations').select('finalized_at').where('id', '=', id).executeTakeFirstOrThrow();
    // Northwind keeps the default follow_up_days of 30.
    expect(new Date(job.run_at).getTime() - new Date(evaluation.finalized_at!).getTime()).toBe(30 * DAY);
    await runDueJobs(server.ctx, [followUpJob]);
    expect(await server.ctx.db.selectFrom('follow_ups').select('id').where('evaluation_id', '=', id).execute()).toHaveLength(0);

    server.advance(30 * DAY + 60_000);
    await runDueJobs(server.ctx, [followUpJob]);
    const row = await server.ctx.db.selectFrom('follow_ups').selectAll().where('evaluation_id', '=', id).executeTakeFirstOrThrow();
    expect(row.reminders_sent).toBe(0);
    const first = await outbox(ACCOUNTS.newStarter, 'How are the changes');
    expect(first).toHaveLength(1);
    expect(first[0].body_text).toContain(`/user/follow-up/${row.id}`);

    for (let week = 1; week <= MAX_REMINDERS + 2; week += 1) {
      server.advance(REMINDER_DAYS * DAY + 60_000);
      await runDueJobs(server.ctx, [followUpJob]);
    }
    const after = await server.ctx.db
      .selectFrom('follow_ups')
      .select(['reminders_sent', 'answered_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ reminders_sent: MAX_REMINDERS, answered_at: null });
    expect(await outbox(ACCOUNTS.newStarter, 'Reminder: a two-minute follow-up')).toHaveLength(MAX_REMINDERS);
    expect(
      await server.ctx.db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('dedupe_key', '=', `${FOLLOW_UP_JOB}:${id}`)
        .where('status', '=', 'pending')
        .execute(),
    ).toHaveLength(0);
  });

  it('is answered once by its employee, validated, 404 for anyone else, and the programme pages read the answers', async () => {
    const { id } = await finalized();
    server.advance(31 * DAY);
    await runDueJobs(server.ctx, [followUpJob]);
    const followUp = await server.ctx.db.selectFrom('follow_ups').select('id').where('evaluation_id', '=', id).executeTakeFirstOrThrow();
    const employee = await as(ACCOUNTS.employee);
    const mine = (await employee.get('/my-reports')).data as MyReports;
    expect(mine.evaluation_reports.find((r) => r.follow_up?.id === String(followUp.id))?.follow_up).toEqual({
      id: String(followUp.id),
      answered: false,
    });
    const read = await employee.get(`/follow-ups/${followUp.id}`);
    expect(read.status).toBe(200);
    expect((read.data as { follow_up: { recommendations: unknown[] } }).follow_up.recommendations).toHaveLength(2);

    const other = await as(ACCOUNTS.newStarter);
    expect((await other.get(`/follow-ups/${followUp.id}`)).status).toBe(404);
    expect((await other.post(`/follow-ups/${followUp.id}/answers`, { recommendations: ['done', 'done'] })).status).toBe(404);
    expect((await employee.get('/follow-ups/999999999')).status).toBe(404);

    expect((await employee.post(`/follow-ups/${followUp.id}/answers`, { recommendations: ['done'] })).status).toBe(400);
    expect((await employee.post(`/follow-ups/${followUp.id}/answers`, { recommendations: ['done', 'maybe'] })).status).toBe(400);
    expect(
      (
        await employee.post(`/follow-ups/${followUp.id}/answers`, {
          recommendations: ['done', 'done'],
          discomfort: { tail: { frequency: 1, discomfort: 1, interference: 0 } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await employee.post(`/follow-ups/${followUp.id}/answers`, {
          recommendations: ['done', 'done'],
          discomfort: { neck: { frequency: 9, discomfort: 1, interference: 0 } },
        })
      ).status,
    ).toBe(400);
    expect(
      (await server.ctx.db.selectFrom('follow_ups').select('answered_at').where('id', '=', followUp.id).executeTakeFirstOrThrow())
        .answered_at,
    ).toBeNull();

    const answer = {
      recommendations: ['done', 'in_progress'],
      discomfort: { neck: { frequency: 1, discomfort: 1, interference: 0 } },
      comment: 'The riser helped; the new chair is on order.',
    };
    expect((await employee.post(`/follow-ups/${followUp.id}/answers`, answer)).status).toBe(200);
    expect((await employee.post(`/follow-ups/${followUp.id}/answers`, answer)).status).toBe(409);
    expect(await server.ctx.db.selectFrom('audit_log').select('action').where('target', '=', `follow_up:${followUp.id}`).execute()).toEqual(
      [{ action: 'follow_up.answered' }],
    );
    // No reminder once answered.
    expect(
      await server.ctx.db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('dedupe_key', '=', `${FOLLOW_UP_JOB}:${id}`)
        .where('status', '=', 'pending')
        .execute(),
    ).toHaveLength(0);

    const manager = await as(ACCOUNTS.manager);
    const list = await manager.get(`/clients/${ids.NW01}/follow-ups`);
    expect(list.status).toBe(200);
    const entry = (
      list.data as { follow_ups: { id: string; answers: { recommendations: { status: string }[]; comment: string } | null }[] }
    ).follow_ups.find((f) => f.id === String(followUp.id));
    expect(entry?.answers?.recommendations.map((r) => r.status)).toEqual(['done', 'in_progress']);
    expect(entry?.answers?.comment).toBe(answer.comment);
    // Another client's records: 404 for the manager; the employee may not call it at all.
    expect((await manager.get(`/clients/${ids.FAB1}/follow-ups`)).status).toBe(404);
    expect((await employee.get(`/clients/${ids.NW01}/follow-ups`)).status).toBe(403);
  });
});

describe('follow-up jobs with two servers on one PostgreSQL', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('each due follow-up is created and e-mailed exactly once', async () => {
    const schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(server.ctx.db)).rows[0].schema;
    const second: AppContext = await createContext(server.ctx.config, { schema, now: () => server.ctx.now() });
    try {
      // 30 finalized reports whose follow-ups are all due now (rows as the workflow leaves them).
      const employee = ids[ACCOUNTS.contosoEmployee];
      const rows = await server.ctx.db
        .insertInto('evaluations')
        .values(
          Array.from({ length: 30 }, () => ({
            client_id: ids.CON1,
            employee_id: employee,
            evaluator_id: ids[ACCOUNTS.evaluator],
            status: 'finalized',
            work_area: 'Office' as const,
            recommendations: JSON.stringify(RECOMMENDATIONS),
            finalized_at: server.ctx.now(),
          })),
        )
        .returning('id')
        .execute();
      for (const r of rows)
        await scheduleJob(server.ctx.db, {
          kind: FOLLOW_UP_JOB,
          dedupeKey: `${FOLLOW_UP_JOB}:${r.id}`,
          runAt: server.ctx.now(),
          payload: { evaluation_id: r.id, origin: 'https://ergoportal.example' },
        });
      const drain = async (ctx: AppContext) => {
        for (let ran = 1; ran > 0;) ran = await runDueJobs(ctx, [followUpJob], 4);
      };
      await Promise.all([drain(server.ctx), drain(second), drain(server.ctx)]);
      // The server's own job runner (every 15 s) may hold a few claimed jobs still: wait for them to finish.
      const keys = rows.map((r) => `${FOLLOW_UP_JOB}:${r.id}`);
      await expect
        .poll(
          async () =>
            (
              await server.ctx.db
                .selectFrom('scheduled_jobs')
                .select('id')
                .where('dedupe_key', 'in', keys)
                .where('status', '=', 'running')
                .execute()
            ).length,
          { timeout: 20_000 },
        )
        .toBe(0);
      const errors = await server.ctx.db
        .selectFrom('scheduled_jobs')
        .select(['status', 'last_error'])
        .where('kind', '=', FOLLOW_UP_JOB)
        .where('last_error', 'is not', null)
        .execute();
      expect(errors).toEqual([]);
      const followUps = await server.ctx.db
        .selectFrom('follow_ups')
        .select('evaluation_id')
        .where(
          'evaluation_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      expect(followUps).toHaveLength(30);
      expect(await outbox(ACCOUNTS.contosoEmployee, 'How are the changes')).toHaveLength(30);
    } finally {
      await second.db.destroy();
    }
  });
});

describe('staff assignments page calls', () => {
  it('assigning and removing are audited', async () => {
    const admin = await as(ACCOUNTS.admin);
    const list = await admin.get('/admin/staff-assignments');
    expect(list.status).toBe(200);
    expect((list.data as { clients: { id: number }[] }).clients.map((c) => c.id)).toContain(ids.CON1);
    expect((await admin.post('/admin/staff-assignments/remove', { user_id: ids[ACCOUNTS.evaluator2], client_id: ids.CON1 })).status).toBe(
      200,
    );
    expect((await admin.post('/admin/staff-assignments', { user_id: ids[ACCOUNTS.evaluator2], client_id: ids.CON1 })).status).toBe(200);
    const rows = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target', '=', `user:${ids[ACCOUNTS.evaluator2]}`)
      .where('action', 'in', ['staff.assigned', 'staff.unassigned'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'staff.unassigned', actor_email: ACCOUNTS.admin },
      { action: 'staff.assigned', actor_email: ACCOUNTS.admin },
    ]);
    expect(
      (await (await as(ACCOUNTS.employee)).post('/admin/staff-assignments', { user_id: ids[ACCOUNTS.evaluator2], client_id: ids.CON1 }))
        .status,
    ).toBe(403);
  });
});
