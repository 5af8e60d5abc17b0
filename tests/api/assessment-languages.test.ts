/**
 * The self-assessment in the employee's language from questionnaire to PDF (SPEC §2 profile
 * languages, §4 Summary-Report), and what an employee keeps when their client turns the
 * self-assessment off (SPEC §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentResult, Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers, download, pdfText } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Report {
  url: string;
  language: string;
  title: string;
  texts: Record<string, string>;
  result: AssessmentResult;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signIn(email: string, language?: string): Promise<Agent> {
  if (language) await server.ctx.db.updateTable('users').set({ language }).where('email', '=', email).execute();
  const agent = new Agent(server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  return agent;
}

/** Takes the Office assessment with "no" where offered (so there are findings); returns the questionnaire and report. */
async function takeOffice(agent: Agent): Promise<{ questionnaire: Questionnaire; report: Report }> {
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  expect(started.status).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: { id: string }; questionnaire: Questionnaire };
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers: completeAnswers(questionnaire, 'no') });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const report = ((await agent.get(`/reports/${(submitted.data as { url: string }).url}`)).data as { report: Report }).report;
  return { questionnaire, report };
}

describe('every language prints', () => {
  // Expected texts are written out here, not read from the texts files, so a lost translation fails.
  it.each([
    { language: 'ja', email: ACCOUNTS.employee, overall: '総合結果', never: 'なし', findings: '指摘事項と推奨事項' },
    { language: 'cn', email: ACCOUNTS.fabrikamEmployee, overall: '总体结果', never: '从不', findings: '发现的问题与建议' },
    { language: 'ko', email: ACCOUNTS.arcadiaEmployee, overall: '종합 결과', never: '없음', findings: '발견 사항 및 권장 사항' },
  ])(
    '$language: the questionnaire, the report and its PDF are in the language, with an embedded font',
    async ({ language, email, overall, never, findings }) => {
      const agent = await signIn(email, language);
      const { questionnaire, report } = await takeOffice(agent);
      expect(questionnaire.ui?.['ui.cmdq.frequency.0']).toBe(never);
      expect(report.language).toBe(language);
      expect(report.texts['ui.report.overall']).toBe(overall);
      expect(report.result.findings.length).toBeGreaterThan(0);

      const pdf = await download(agent, `/reports/${report.url}/pdf`);
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
      expect(text).toContain(overall);
      expect(text).toContain(findings);
      expect(text).toContain(report.title);
      // A finding's own title and recommendation, in that script (pdftotext reads them back only when the font has the glyphs).
      expect(text).toContain(report.result.findings[0].title.replace(/\s+/g, ' '));
      expect(text).toContain(report.result.summary.replace(/\s+/g, ' ').slice(0, 12));
      // pdfkit embeds only the glyphs used, not the whole 5–10 MB font.
      expect(pdf.bytes.length).toBeLessThan(1_500_000);
    },
  );

  it('keeps Helvetica for Latin-script languages and prints their texts', async () => {
    const agent = await signIn(ACCOUNTS.newStarter, 'es');
    const { report } = await takeOffice(agent);
    const pdf = await download(agent, `/reports/${report.url}/pdf`);
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Resultado global');
    expect(text).toContain(`${report.result.overall.score} de ${report.result.overall.max}`);
    expect(pdf.bytes.includes('NotoSans')).toBe(false);
  });
});

describe('self-assessment turned off (SPEC §6)', () => {
  /**
   * Decision: "Self-assessment pages show page-not-found when the client's TakeASelfAssessment menu
   * is disabled" covers taking an assessment. My Reports and the report routes are governed by
   * dashboard-pages-employee-dashboard-view (SPEC §6 permissions), not by that menu item, so reports
   * taken before the client turned it off stay listed and readable, read-only: no new attempt.
   */
  it('keeps earlier reports listed and readable but refuses a new attempt', async () => {
    const setMenu = async (status: number) => {
      const client = await server.ctx.db
        .selectFrom('clients')
        .select(['id', 'site_menu_details'])
        .where('company_code', '=', 'CON1')
        .executeTakeFirstOrThrow();
      const menu = (
        typeof client.site_menu_details === 'string' ? JSON.parse(client.site_menu_details) : client.site_menu_details
      ) as Record<string, { status: number }>;
      await server.ctx.db
        .updateTable('clients')
        .set({ site_menu_details: JSON.stringify({ ...menu, TakeASelfAssessment: { ...menu.TakeASelfAssessment, status } }) })
        .where('id', '=', client.id)
        .execute();
    };
    await setMenu(1);
    const agent = await signIn(ACCOUNTS.contosoEmployee);
    const { report } = await takeOffice(agent);
    await setMenu(0);

    expect((await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false })).status).toBe(404);
    expect((await agent.get('/self-assessment/questionnaire/office')).status).toBe(404);
    const listed = (await agent.get('/my-reports')).data as { reports: { url: string }[] };
    expect(listed.reports.map((r) => r.url)).toEqual([report.url]);
    expect((await agent.get(`/reports/${report.url}`)).status).toBe(200);
    expect((await download(agent, `/reports/${report.url}/pdf`)).status).toBe(200);
    const attempts = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select('id')
      .where('user_id', 'in', server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.contosoEmployee))
      .execute();
    expect(attempts).toHaveLength(1);
  });
});

describe("the client's wording on the report's own words", () => {
  it("replaces a page text for that client's reports only", async () => {
    const client = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('client_text_overrides')
      .values({
        client_id: client.id,
        scope: 'self-assessment',
        language: 'en',
        text_key: 'ui.report.overall',
        text: 'Your Northwind desk score',
      })
      .execute();
    const { report } = await takeOffice(await signIn(ACCOUNTS.newStarter, 'en'));
    expect(report.texts['ui.report.overall']).toBe('Your Northwind desk score');
    const { report: other } = await takeOffice(await signIn(ACCOUNTS.fabrikamEmployee, 'en'));
    expect(other.texts['ui.report.overall']).toBe('Overall result');
  });
});
