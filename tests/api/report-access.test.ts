import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallsByName } from '../../generated/api';
import type { ApiCallName } from '../../generated/api';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers, download } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';
import type { Questionnaire } from '../../src/shared/assessment/types';

/**
 * SPEC §6 "Who may read a report", decided by the one client-scope policy
 * (src/server/policies/client-scope.ts): the employee, the client's own programme manager and our
 * staff assigned to the client. Every report call (page and PDF) is tried by every staff role with
 * the reports of every demo client it does not serve: 404, as for any other client's record (403
 * only where the call's permissions leave the role out altogether). The clients it serves still open.
 */
let server: TestServer;

/** One employee's reports of each kind, by client code. */
interface Reports {
  email: string;
  report: string;
  survey: string;
  evaluation: string;
}
const reports = new Map<string, Reports>();
const EMPLOYEES = { NW01: ACCOUNTS.employee, a45: ACCOUNTS.arcadiaEmployee, FAB1: ACCOUNTS.fabrikamEmployee } as const;

/** Every report call, the path it takes for a client's reports. */
const CALLS: readonly [ApiCallName, (r: Reports) => string][] = [
  ['assessment_report', (r) => `/reports/${r.report}`],
  ['assessment_report_pdf', (r) => `/reports/${r.report}/pdf`],
  ['survey_report', (r) => `/survey-reports/${r.survey}`],
  ['survey_report_pdf', (r) => `/survey-reports/${r.survey}/pdf`],
  ['evaluation_report', (r) => `/evaluation-reports/${r.evaluation}`],
  ['evaluation_report_pdf', (r) => `/evaluation-reports/${r.evaluation}/pdf`],
  ['employee_reports', (r) => `/employee-reports/${encodeURIComponent(r.email)}`],
];

/**
 * Which demo clients each role serves. The client manager's account client is Northwind, which is not
 * assigned to them; the evaluator is unassigned from Fabrikam in beforeAll; an administrator sees
 * every client (docs/architecture.md "Who sees which client").
 */
const ROLES: readonly { role: string; email: string; serves: readonly string[] }[] = [
  { role: 'administrator', email: ACCOUNTS.admin, serves: ['NW01', 'a45', 'FAB1'] },
  { role: 'programme manager', email: ACCOUNTS.manager, serves: ['NW01'] },
  { role: 'client manager', email: ACCOUNTS.clientManager, serves: ['a45'] },
  { role: 'evaluator', email: ACCOUNTS.evaluator, serves: ['NW01', 'a45'] },
  { role: 'employee of another client', email: ACCOUNTS.arcadiaEmployee, serves: ['a45'] },
];

async function userOf(email: string) {
  return server.ctx.db.selectFrom('users').select(['id', 'client_id', 'role_id']).where('email', '=', email).executeTakeFirstOrThrow();
}

/** A submitted self-assessment through the real calls, a survey-tool report and a finalized evaluation. */
async function reportsOf(email: string): Promise<Reports> {
  const employee = await signedInAgent(server.url, email, PASSWORD);
  const started = (await employee.post('/self-assessment/attempts', { area: 'office' })).data as {
    attempt: { id: string; answers: Record<string, unknown> };
    questionnaire: Questionnaire;
  };
  const submitted = await employee.post(`/self-assessment/attempts/${started.attempt.id}/submit`, {
    answers: completeAnswers(started.questionnaire, undefined, started.attempt.answers as never),
  });
  expect(submitted.status).toBe(200);
  const user = await userOf(email);
  const survey = await server.ctx.db
    .insertInto('survey_reports')
    .values({
      user_id: user.id,
      client_id: user.client_id,
      survey_name: 'Workstation survey',
      response_id: `r-${user.id}`,
      submitted_at: new Date(),
      answers: JSON.stringify([{ question: 'Chair height', answer: 'Adjusted' }]),
      report_token: randomBytes(24).toString('base64url'),
    })
    .returning('report_token')
    .executeTakeFirstOrThrow();
  const evaluator = await userOf(ACCOUNTS.evaluator2);
  const evaluation = await server.ctx.db
    .insertInto('evaluations')
    .values({
      client_id: user.client_id,
      employee_id: user.id,
      evaluator_id: evaluator.id,
      status: 'finalized',
      work_area: 'Office',
      recommendations: JSON.stringify([{ text: 'Lower the chair until the feet rest flat.', priority: 'high' }]),
      finalized_at: new Date(),
    })
    .returning('report_token')
    .executeTakeFirstOrThrow();
  return { email, report: (submitted.data as { url: string }).url, survey: survey.report_token, evaluation: evaluation.report_token };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const [code, email] of Object.entries(EMPLOYEES)) reports.set(code, await reportsOf(email));
  const evaluator = await userOf(ACCOUNTS.evaluator);
  const fabrikam = await userOf(ACCOUNTS.fabrikamEmployee);
  const removed = await server.ctx.db
    .deleteFrom('staff_client_assignments')
    .where('user_id', '=', evaluator.id)
    .where('client_id', '=', fabrikam.client_id)
    .executeTakeFirst();
  expect(Number(removed.numDeletedRows)).toBe(1);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function permissionsOf(email: string): Promise<Set<string>> {
  const user = await userOf(email);
  const rows = await server.ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', user.role_id).execute();
  return new Set(rows.map((r) => r.permission));
}

async function statusOf(agent: Agent, call: ApiCallName, path: string): Promise<number> {
  return call.endsWith('_pdf') ? (await download(agent, path)).status : (await agent.get(path)).status;
}

describe('who may read a report', () => {
  it.each(ROLES.filter((r) => r.serves.length < 3))(
    'answers the $role 404 on every report call for every client they do not serve',
    async ({ email, serves }) => {
      const agent = await signedInAgent(server.url, email, PASSWORD);
      const held = await permissionsOf(email);
      const unserved = Object.keys(EMPLOYEES).filter((code) => !serves.includes(code));
      expect(unserved.length).toBeGreaterThan(0);
      for (const code of unserved)
        for (const [call, path] of CALLS) {
          const admitted = apiCallsByName[call].permissions.some((p) => held.has(p));
          expect(await statusOf(agent, call, path(reports.get(code)!)), `${call} of ${code}`).toBe(admitted ? 404 : 403);
        }
    },
  );

  it.each(ROLES.filter((r) => r.serves.length > 0))('opens the reports of the clients the $role serves', async ({ email, serves }) => {
    const agent = await signedInAgent(server.url, email, PASSWORD);
    const held = await permissionsOf(email);
    for (const code of serves)
      for (const [call, path] of CALLS) {
        if (!apiCallsByName[call].permissions.some((p) => held.has(p))) continue;
        expect(await statusOf(agent, call, path(reports.get(code)!)), `${call} of ${code}`).toBe(200);
      }
  });

  it("refuses the client manager their own account client's reports, yet shows them once that client is assigned to them", async () => {
    const agent = await signedInAgent(server.url, ACCOUNTS.clientManager, PASSWORD);
    const northwind = reports.get('NW01')!;
    expect((await agent.get(`/reports/${northwind.report}`)).status).toBe(404);
    const me = await userOf(ACCOUNTS.clientManager);
    await server.ctx.db.insertInto('staff_client_assignments').values({ user_id: me.id, client_id: me.client_id }).execute();
    try {
      for (const [call, path] of CALLS) expect(await statusOf(agent, call, path(northwind)), call).toBe(200);
    } finally {
      await server.ctx.db
        .deleteFrom('staff_client_assignments')
        .where('user_id', '=', me.id)
        .where('client_id', '=', me.client_id)
        .execute();
    }
  });

  it("lets an administrator read any client's reports in the admin center", async () => {
    const admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
    const fabrikam = await userOf(ACCOUNTS.fabrikamEmployee);
    const listed = (await admin.get(`/admin/assessment-reports/${fabrikam.client_id}`)).data as {
      reports: { id: string; user_id: number }[];
    };
    expect(listed.reports.length).toBeGreaterThan(0);
    const { id, user_id } = listed.reports[0];
    expect((await admin.get(`/admin/assessment-reports/${user_id}/${id}`)).status).toBe(200);
  });
});
