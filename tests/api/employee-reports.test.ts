import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 /user/my-reports/:email through GET /employee-reports/:email: one employee's reports for
 * the employee, their own client's managers, evaluators and admins; everybody else, and unknown
 * addresses, get the same 404.
 */
let server: TestServer;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  if (!agents.has(email)) {
    const agent = new Agent(server.url);
    expect((await agent.login(email, PASSWORD)).status).toBe(200);
    agents.set(email, agent);
  }
  return agents.get(email)!;
}
const reportsOf = (email: string) => `/employee-reports/${encodeURIComponent(email)}`;

beforeAll(async () => {
  server = await startTestServer();
  const employee = await as(ACCOUNTS.employee);
  const started = await employee.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: unknown }; questionnaire: Questionnaire };
  expect(
    (
      await employee.post(`/self-assessment/attempts/${attempt.id}/submit`, {
        answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe("one employee's reports", () => {
  it('answers 401 without a session and 403 without any report permission', async () => {
    expect((await new Agent(server.url).get(reportsOf(ACCOUNTS.employee))).status).toBe(401);
    expect((await (await as(ACCOUNTS.videoViewer)).get(reportsOf(ACCOUNTS.employee))).status).toBe(403);
  });

  it.each([
    ['manager', ACCOUNTS.manager],
    ['evaluator', ACCOUNTS.evaluator],
    ['admin', ACCOUNTS.admin],
    ['employee themself', ACCOUNTS.employee],
  ])('lists them for the %s', async (_who, email) => {
    const answer = await (await as(email)).get(reportsOf(ACCOUNTS.employee.toUpperCase()));
    expect(answer.status).toBe(200);
    const data = answer.data as { employee: { email: string }; reports: { url: string; area: string }[] };
    expect(data.employee.email).toBe(ACCOUNTS.employee);
    expect(data.reports.map((r) => r.area)).toEqual(['office']);
  });

  it("answers the same 404 for another client's employee, another employee and an unknown address", async () => {
    const manager = await as(ACCOUNTS.manager);
    const other = await manager.get(reportsOf(ACCOUNTS.contosoEmployee));
    const unknown = await manager.get(reportsOf('nobody@nowhere.example'));
    const colleague = await (await as(ACCOUNTS.fabrikamEmployee)).get(reportsOf(ACCOUNTS.employee));
    for (const answer of [other, unknown, colleague]) expect(answer.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
  });

  it('shows an evaluator only the clients an administrator assigned them: the same 404 once unassigned, the report again once assigned', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    const user = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    const token = (await (await as(ACCOUNTS.employee)).get(reportsOf(ACCOUNTS.employee))).data as { reports: { url: string }[] };
    const url = token.reports[0].url;
    const evaluatorId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow()
    ).id;
    const assignment = await server.ctx.db
      .deleteFrom('staff_client_assignments')
      .where('user_id', '=', evaluatorId)
      .where('client_id', '=', user.client_id)
      .returningAll()
      .execute();
    expect(assignment).toHaveLength(1);
    expect((await evaluator.get(reportsOf(ACCOUNTS.employee))).status).toBe(404);
    expect((await evaluator.get(`/reports/${url}`)).status).toBe(404);
    await server.ctx.db.insertInto('staff_client_assignments').values(assignment).execute();
    expect((await evaluator.get(reportsOf(ACCOUNTS.employee))).status).toBe(200);
    expect((await evaluator.get(`/reports/${url}`)).status).toBe(200);
  });
});
