import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { DEMO_REPORTS, demoRosa } from '../../src/server/db/demo-evaluation-content';
import { catalogueEntry } from '../../src/shared/evaluations/observation-form';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 employee home (/user): GET /employee-home answers the caller's own last result and its
 * date, the next reassessment by the client's interval, the last evaluation and the open
 * recommendations, and nothing about anybody else.
 */
interface Home {
  last_result: { url: string; area: string; submitted_at: string; score: number; max: number; band: string; action_needed: boolean } | null;
  last_evaluation: { url: string; finalized_at: string; rosa_score: number | null } | null;
  reassessment: { interval_days: number; due_at: string | null; overdue: boolean } | null;
  recommendations: { source: string; title: string; priority: string; link?: string; report_url: string }[];
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
const home = async (email: string): Promise<Home> => {
  const answer = await (await as(email)).get('/employee-home');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data as Home;
};
const user = (email: string) =>
  server.ctx.db.selectFrom('users').select(['id', 'client_id']).where('email', '=', email).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// newStarter (Northwind) has no finalized evaluation among the demo's evaluations (demo-evaluations.ts).
describe('the employee home call', () => {
  it('refuses a caller without a session', async () => {
    expect((await new Agent(server.url).get('/employee-home')).status).toBe(401);
  });

  it('has nothing to show before a first self-assessment; the reassessment is due at once once the client sets an interval', async () => {
    expect(await home(ACCOUNTS.newStarter)).toEqual({ last_result: null, last_evaluation: null, reassessment: null, recommendations: [] });
    const { client_id } = await user(ACCOUNTS.newStarter);
    await server.ctx.db
      .insertInto('client_assessment_settings')
      .values({ client_id, reassessment_days: 90 })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ reassessment_days: 90 }))
      .execute();
    expect((await home(ACCOUNTS.newStarter)).reassessment).toEqual({ interval_days: 90, due_at: null, overdue: true });
  });

  it("shows the caller's last result with its date, the next reassessment and the report's open findings, to the caller alone", async () => {
    const employee = await as(ACCOUNTS.newStarter);
    const started = await employee.post('/self-assessment/attempts', { area: 'office', from_previous: false });
    const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: object }; questionnaire: Questionnaire };
    const submitted = await employee.post(`/self-assessment/attempts/${attempt.id}/submit`, {
      answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
    });
    expect(submitted.status).toBe(200);
    const url = (submitted.data as { url: string }).url;
    const report = (
      (await employee.get(`/reports/${url}`)).data as {
        report: { submitted_at: string; result: { overall: { score: number; band: string } } };
      }
    ).report;

    const mine = await home(ACCOUNTS.newStarter);
    expect(mine.last_result).toMatchObject({ url, area: 'office', submitted_at: report.submitted_at, score: report.result.overall.score });
    expect(mine.last_result!.band).toBe(report.result.overall.band);
    const due = new Date(new Date(report.submitted_at).getTime() + 90 * 86_400_000).toISOString();
    expect(mine.reassessment).toEqual({ interval_days: 90, due_at: due, overdue: false });
    expect(mine.recommendations.length).toBeGreaterThan(0);
    for (const r of mine.recommendations) {
      expect(r).toMatchObject({ source: 'self-assessment', report_url: url });
      expect(['high', 'moderate']).toContain(r.priority);
    }

    // Another employee, of another client, sees none of it.
    expect(await home(ACCOUNTS.fabrikamEmployee)).toEqual({
      last_result: null,
      last_evaluation: null,
      reassessment: null,
      recommendations: [],
    });
    // A client with the self-assessment turned off asks for no reassessment.
    expect((await home(ACCOUNTS.contosoEmployee)).reassessment).toBeNull();
  });

  it('adds the last finalized evaluation with its ROSA score and the recommendations its follow-up has not marked done', async () => {
    const employee = await user(ACCOUNTS.newStarter);
    const evaluator = await user(ACCOUNTS.evaluator);
    const report = DEMO_REPORTS[0];
    const evaluation = await server.ctx.db
      .insertInto('evaluations')
      .values({
        client_id: employee.client_id,
        employee_id: employee.id,
        evaluator_id: evaluator.id,
        status: 'finalized',
        work_area: 'Office',
        observations: JSON.stringify(report.observations),
        rosa: JSON.stringify(demoRosa(report)),
        recommendations: JSON.stringify(report.recommendations),
        finalized_at: new Date(),
      })
      .returning(['id', 'report_token'])
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('follow_ups')
      .values({
        evaluation_id: evaluation.id,
        client_id: employee.client_id,
        employee_id: employee.id,
        due_at: new Date(),
        answered_at: new Date(),
        answers: JSON.stringify({ recommendations: report.recommendations.map((_, i) => (i === 0 ? 'done' : 'in_progress')) }),
      })
      .execute();

    const mine = await home(ACCOUNTS.newStarter);
    expect(mine.last_evaluation).toMatchObject({ url: evaluation.report_token, rosa_score: demoRosa(report).scores.final });
    const fromEvaluation = mine.recommendations.filter((r) => r.source === 'evaluation');
    const first = catalogueEntry(report.recommendations[0].catalogue_key)!;
    expect(fromEvaluation.map((r) => r.title)).not.toContain(first.title);
    expect(fromEvaluation.length).toBeGreaterThan(0);
    for (const r of fromEvaluation) {
      expect(r.report_url).toBe(evaluation.report_token);
      expect(r.link).toMatch(/^\/user\//);
    }
    // High priorities first, at most six in all.
    expect(mine.recommendations.length).toBeLessThanOrEqual(6);
    expect(mine.recommendations[0].priority).toBe('high');
    // The evaluation report gives each catalogue recommendation its guide.
    const view = (await (await as(ACCOUNTS.newStarter)).get(`/evaluation-reports/${evaluation.report_token}`)).data as {
      report: { rosa_score: number; recommendations: { label: string; link?: string }[]; texts: Record<string, string> };
    };
    expect(view.report.rosa_score).toBe(demoRosa(report).scores.final);
    expect(view.report.recommendations[0]).toMatchObject({ label: first.title, link: first.link });
    expect(view.report.texts['report.rosa_scale']).toContain('{level}');
    // My Reports shows the evaluation's score.
    const reports = (await (await as(ACCOUNTS.newStarter)).get('/my-reports')).data as {
      evaluation_reports: { url: string; rosa_score: number | null }[];
    };
    expect(reports.evaluation_reports.find((e) => e.url === evaluation.report_token)?.rosa_score).toBe(demoRosa(report).scores.final);
  });
});
