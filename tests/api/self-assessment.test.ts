import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentChange, AssessmentResult, Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers, download, pdfText, pdfTitle } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Attempt {
  id: string;
  answers: Record<string, unknown>;
  status: string;
  sections_done: string[];
}
interface Report {
  url: string;
  status: string;
  result: AssessmentResult;
  change: AssessmentChange | null;
  history: { url: string }[];
}

let server: TestServer;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  let agent = agents.get(email);
  if (!agent) {
    agent = new Agent(server.url);
    expect((await agent.login(email, PASSWORD)).status).toBe(200);
    agents.set(email, agent);
  }
  return agent;
}

/** Takes the Office assessment from start to report; returns the report's url token. */
async function takeOffice(
  email: string,
  prefer?: string,
  fromPrevious = false,
): Promise<{ url: string; attempt: Attempt; questionnaire: Questionnaire }> {
  const agent = await as(email);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: fromPrevious });
  expect(started.status).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: Attempt; questionnaire: Questionnaire };
  const answers = completeAnswers(questionnaire, prefer, attempt.answers as never);
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { url: (submitted.data as { url: string }).url, attempt, questionnaire };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('taking a self-assessment', () => {
  it('saves by section, resumes, submits, lists and reports, then shows the change on a retake', async () => {
    const employee = await as(ACCOUNTS.employee);
    const overview = (await employee.get('/self-assessment')).data as { areas: string[]; submitted: unknown[] };
    expect(overview.areas).toContain('office');
    expect(overview.submitted).toEqual([]);

    const { questionnaire } = (await employee.get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire };
    expect(questionnaire.area).toBe('office');
    expect(questionnaire.sections.length).toBeGreaterThan(0);
    // The body grid comes with its regions labelled in the questionnaire's language.
    const grid = questionnaire.sections.flatMap((s) => s.questions).find((q) => q.kind === 'cmdq');
    expect(grid?.options).toHaveLength(20);
    expect(grid?.options).toContainEqual({ id: 'neck', label: 'Neck' });
    const started = (await employee.post('/self-assessment/attempts', { area: 'office' })).data as { attempt: Attempt };
    const all = completeAnswers(questionnaire, 'no');
    const first = questionnaire.sections[0];
    const firstAnswers = Object.fromEntries(first.questions.filter((q) => q.id in all).map((q) => [q.id, all[q.id]]));
    const saved = await employee.post(`/self-assessment/attempts/${started.attempt.id}/save`, { section: first.id, answers: firstAnswers });
    expect(saved.status).toBe(200);

    const resumed = (await employee.get(`/self-assessment/attempts/${started.attempt.id}`)).data as { attempt: Attempt };
    expect(resumed.attempt.answers).toEqual(firstAnswers);
    expect(resumed.attempt.sections_done).toEqual([first.id]);
    expect(((await employee.get('/self-assessment')).data as { in_progress: { id: string }[] }).in_progress.map((a) => a.id)).toEqual([
      started.attempt.id,
    ]);

    const submitted = await employee.post(`/self-assessment/attempts/${started.attempt.id}/submit`, { answers: all });
    expect(submitted.status).toBe(200);
    const { url } = submitted.data as { url: string };
    expect(url).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await employee.post(`/self-assessment/attempts/${started.attempt.id}/submit`, { answers: all })).status).toBe(409);

    const list = (await employee.get('/my-reports')).data as { reports: { url: string; status: string; area: string }[] };
    expect(list.reports).toEqual([expect.objectContaining({ url, status: 'Finalized', area: 'office' })]);
    const report = ((await employee.get(`/reports/${url}`)).data as { report: Report }).report;
    expect(report.result.overall.score).toBeGreaterThanOrEqual(1);
    expect(report.result.overall.score).toBeLessThanOrEqual(report.result.overall.max);
    expect(report.result.findings.length).toBeGreaterThan(0);
    expect(report.result.findings[0].recommendation.length).toBeGreaterThan(10);
    expect(report.change).toBeNull();

    // A retake from the previous answers starts with them filled in and reports the change.
    const again = await employee.post('/self-assessment/attempts', { area: 'office', from_previous: true });
    expect((again.data as { attempt: Attempt }).attempt.answers).toEqual(all);
    const better = completeAnswers(questionnaire, 'yes');
    const second = await employee.post(`/self-assessment/attempts/${(again.data as { attempt: Attempt }).attempt.id}/submit`, {
      answers: better,
    });
    const secondUrl = (second.data as { url: string }).url;
    const retake = ((await employee.get(`/reports/${secondUrl}`)).data as { report: Report }).report;
    expect(retake.change).not.toBeNull();
    expect(retake.change!.previousScore).toBe(report.result.overall.score);
    expect(retake.change!.delta).toBe(retake.result.overall.score - report.result.overall.score);
    expect(retake.history.map((h) => h.url)).toEqual([secondUrl, url]);
  });

  it('downloads the report as a PDF titled Summary-Report with the report content, and audits it', async () => {
    const { url } = await takeOffice(ACCOUNTS.employee, 'no');
    const employee = await as(ACCOUNTS.employee);
    const report = ((await employee.get(`/reports/${url}`)).data as { report: Report }).report;
    const pdf = await download(employee, `/reports/${url}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe('attachment; filename="Summary-Report.pdf"');
    expect(pdfTitle(pdf.bytes)).toBe('Summary-Report');
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Summary-Report');
    expect(text).toContain(`${report.result.overall.score} out of ${report.result.overall.max}`);
    expect(text).toContain(report.result.findings[0].title);
    expect(text).toContain('Change since your previous assessment');
    expect(text).toContain('(this report)');
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.downloaded')
      .where('actor_email', '=', ACCOUNTS.employee)
      .executeTakeFirst();
    expect(entry?.target).toMatch(/^assessment_report:\d+$/);
  });
});

describe('bad answers', () => {
  it('refuses invalid or missing answers with the problems and changes nothing', async () => {
    const employee = await as(ACCOUNTS.employee);
    const { attempt, questionnaire } = (await employee.post('/self-assessment/attempts', { area: 'office' })).data as {
      attempt: Attempt;
      questionnaire: Questionnaire;
    };
    const section = questionnaire.sections[0];
    const before = await server.ctx.db.selectFrom('assessment_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();

    const foreign = await employee.post(`/self-assessment/attempts/${attempt.id}/save`, {
      section: section.id,
      answers: { not_a_question: 'yes' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toContain('not_a_question');
    const badOption = section.questions.find((q) => q.options)!;
    const wrong = await employee.post(`/self-assessment/attempts/${attempt.id}/save`, {
      section: section.id,
      answers: { [badOption.id]: 'definitely-not-an-option' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.problems).toEqual([expect.stringMatching(new RegExp(`^${badOption.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `))]);
    expect((await employee.post(`/self-assessment/attempts/${attempt.id}/save`, { section: 'nope', answers: {} })).status).toBe(400);

    const invalid = await employee.post(`/self-assessment/attempts/${attempt.id}/submit`, {
      answers: { ...completeAnswers(questionnaire), [badOption.id]: 'definitely-not-an-option' },
    });
    expect(invalid.status).toBe(400);
    const missing = await employee.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatch(/Please answer/);
    expect((await employee.post('/self-assessment/attempts', { area: 'garden' })).status).toBe(400);
    expect((await employee.get('/self-assessment/questionnaire/garden')).status).toBe(404);

    const after = await server.ctx.db.selectFrom('assessment_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('who may do what', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/self-assessment'],
    ['GET', '/self-assessment/questionnaire/office'],
    ['POST', '/self-assessment/attempts', { area: 'office' }],
    ['GET', '/self-assessment/attempts/1'],
    ['POST', '/self-assessment/attempts/1/save', { section: 'a', answers: {} }],
    ['POST', '/self-assessment/attempts/1/submit', { answers: {} }],
    ['GET', '/my-reports'],
    ['GET', '/reports/abcdefghijklmnopqrstuvwxyz012345'],
    ['GET', '/reports/abcdefghijklmnopqrstuvwxyz012345/pdf'],
  ];
  const send = (agent: Agent, [method, path, body]: [string, string, unknown?]) =>
    method === 'GET' ? agent.get(path) : agent.post(path, body);

  it('answers 401 without a session and 403 without the permissions', async () => {
    const guest = new Agent(server.url);
    const videoViewer = await as(ACCOUNTS.videoViewer);
    for (const call of calls) {
      expect((await send(guest, call)).status, call[1]).toBe(401);
      expect((await send(videoViewer, call)).status, call[1]).toBe(403);
    }
  });

  it('shows a report to its employee, their programme manager, assigned evaluators and administrators; 404 to anyone else', async () => {
    const { url } = await takeOffice(ACCOUNTS.employee);
    for (const reader of [ACCOUNTS.manager, ACCOUNTS.evaluator, ACCOUNTS.admin]) {
      expect((await (await as(reader)).get(`/reports/${url}`)).status, reader).toBe(200);
    }
    expect((await (await as(ACCOUNTS.newStarter)).get(`/reports/${url}`)).status).toBe(404);
    expect((await download(await as(ACCOUNTS.newStarter), `/reports/${url}/pdf`)).status).toBe(404);
    // Another employee cannot resume or submit someone else's attempt either.
    const { attempt } = (await (await as(ACCOUNTS.employee)).post('/self-assessment/attempts', { area: 'home' })).data as {
      attempt: Attempt;
    };
    expect((await (await as(ACCOUNTS.newStarter)).get(`/self-assessment/attempts/${attempt.id}`)).status).toBe(404);
    expect((await (await as(ACCOUNTS.newStarter)).post(`/self-assessment/attempts/${attempt.id}/submit`, { answers: {} })).status).toBe(
      404,
    );
  });

  it("lists a client's reports for admins and opens one by employee and attempt; employees get 403", async () => {
    const { url } = await takeOffice(ACCOUNTS.employee);
    const nw = (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
    const admin = await as(ACCOUNTS.admin);
    const { reports } = (await admin.get(`/admin/assessment-reports/${nw}`)).data as {
      reports: { id: string; user_id: number; email: string; status: string }[];
    };
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => r.email.endsWith('@northwind.example') && r.status === 'Finalized')).toBe(true);
    const opened = await Promise.all(
      reports.map(async (r) => ((await admin.get(`/admin/assessment-reports/${r.user_id}/${r.id}`)).data as { report: Report }).report.url),
    );
    expect(opened).toContain(url);
    expect((await admin.get(`/admin/assessment-reports/${reports[0].user_id + 1}/${reports[0].id}`)).status).toBe(404);
    expect((await admin.get('/admin/assessment-reports/99999')).status).toBe(404);
    const employee = await as(ACCOUNTS.employee);
    expect((await employee.get(`/admin/assessment-reports/${nw}`)).status).toBe(403);
    expect((await employee.get(`/admin/assessment-reports/${reports[0].user_id}/${reports[0].id}`)).status).toBe(403);
    expect((await new Agent(server.url).get(`/admin/assessment-reports/${nw}`)).status).toBe(401);
  });

  it("gives another client's manager 404", async () => {
    const { url } = await takeOffice(ACCOUNTS.arcadiaEmployee);
    expect((await (await as(ACCOUNTS.arcadiaEmployee)).get(`/reports/${url}`)).status).toBe(200);
    expect((await (await as(ACCOUNTS.manager)).get(`/reports/${url}`)).status).toBe(404);
    expect((await download(await as(ACCOUNTS.manager), `/reports/${url}/pdf`)).status).toBe(404);
  });

  it('answers 404 to every self-assessment call when the client turned it off', async () => {
    const contoso = await as(ACCOUNTS.contosoEmployee);
    for (const call of calls.slice(0, 6)) expect((await send(contoso, call)).status, call[1]).toBe(404);
    expect(
      await server.ctx.db
        .selectFrom('assessment_attempts')
        .select('id')
        .where('user_id', 'in', server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.contosoEmployee))
        .execute(),
    ).toEqual([]);
  });
});

describe("the client's wording and the employee's language", () => {
  it('shows the client override in the questionnaire and the report, and only for that client', async () => {
    const client = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'FAB1').executeTakeFirstOrThrow();
    const first = await takeOffice(ACCOUNTS.fabrikamEmployee, 'no');
    const fabrikam = await as(ACCOUNTS.fabrikamEmployee);
    const finding = ((await fabrikam.get(`/reports/${first.url}`)).data as { report: Report }).report.result.findings[0];
    await server.ctx.db
      .insertInto('client_text_overrides')
      .values([
        { client_id: client.id, scope: 'self-assessment', language: 'en', text_key: 'area.office.title', text: 'Fabrikam desk check' },
        {
          client_id: client.id,
          scope: 'self-assessment',
          language: 'en',
          text_key: `finding.${finding.id}.title`,
          text: 'Fabrikam wording for this finding',
        },
      ])
      .execute();
    expect(
      ((await fabrikam.get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire }).questionnaire.title,
    ).toBe('Fabrikam desk check');
    const { url } = await takeOffice(ACCOUNTS.fabrikamEmployee, 'no');
    const report = ((await fabrikam.get(`/reports/${url}`)).data as { report: Report }).report;
    expect(report.result.findings.find((f) => f.id === finding.id)?.title).toBe('Fabrikam wording for this finding');
    // The lab area reads its own scope, and other clients keep the standard wording.
    expect(((await fabrikam.get('/self-assessment/questionnaire/lab')).data as { questionnaire: Questionnaire }).questionnaire.title).toBe(
      'Lab self-assessment',
    );
    expect(
      ((await (await as(ACCOUNTS.employee)).get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire })
        .questionnaire.title,
    ).toBe('Office self-assessment');
  });

  it("asks in the employee's language, falling back to English for texts not yet translated", async () => {
    await server.ctx.db.updateTable('users').set({ language: 'fr' }).where('email', '=', ACCOUNTS.newStarter).execute();
    const questionnaire = (
      (await (await as(ACCOUNTS.newStarter)).get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire }
    ).questionnaire;
    expect(questionnaire.language).toBe('fr');
    expect(questionnaire.title.length).toBeGreaterThan(0);
  });
});
