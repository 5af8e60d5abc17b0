import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { seedEmployees } from '../helpers/employee-seed';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 employee search and records (GET /employees, /employees.csv, /employees/:id): results
 * checked against independent SQL, every filter, the sort whitelist, 401/403/404, evaluators only for
 * the clients assigned to them, evaluation statuses by viewer, and report links open only for
 * the viewers allowed to read them (assessments/access.ts canReadReport).
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
/** get and post add /blogs/api themselves; raw does not. */
const API = '';
const RAW = '/blogs/api';
interface Row {
  id: number;
  email: string;
  band: string | null;
  region: string | null;
  last_assessment_at: string | null;
  open_requests: number;
  score: number | null;
}
interface Page {
  rows: Row[];
  total: number;
  client: { id: number };
}
interface RecordData {
  employee: { id: number; email: string };
  assessments: { url: string }[];
  evaluations: { id: number; status: string }[];
  follow_ups: { answers: unknown }[];
}

let northwind: number;
let fabrikam: number;
let employeeId: number;
let fabrikamEmployeeId: number;
let reportUrl: string;
let fabrikamReportUrl: string;

async function submitOne(email: string, area = 'office'): Promise<void> {
  const agent = await as(email);
  const started = await agent.post(`${API}/self-assessment/attempts`, { area, from_previous: false });
  expect(started.status, `${email}: ${JSON.stringify(started.body)}`).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: unknown }; questionnaire: Questionnaire };
  expect(
    (
      await agent.post(`${API}/self-assessment/attempts/${attempt.id}/submit`, {
        answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
      })
    ).status,
  ).toBe(200);
}

/** The expected list, written differently from the server's query: correlated subqueries per user. */
async function expected(clientId: number, where = sql`true`): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT x.id FROM (
      SELECT u.id, u.email, u.first_name, u.last_name, u.region,
        (SELECT a.risk_band FROM assessment_attempts a WHERE a.user_id = u.id AND a.client_id = u.client_id AND a.status = 'submitted' ORDER BY a.submitted_at DESC, a.id DESC LIMIT 1) AS band,
        (SELECT max(a.submitted_at) FROM assessment_attempts a WHERE a.user_id = u.id AND a.client_id = u.client_id AND a.status = 'submitted') AS last_at,
        EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = u.id AND r.client_id = u.client_id AND r.status IN ('requested', 'scheduled')) AS has_open
      FROM users u JOIN roles ro ON ro.id = u.role_id
      WHERE u.client_id = ${clientId} AND EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = ro.id AND p.permission = 'dashboard-pages-employee-dashboard-view')
    ) x WHERE ${where} ORDER BY lower(x.last_name), lower(x.first_name), x.id`.execute(server.ctx.db);
  return rows.rows.map((r) => Number(r.id));
}

async function all(agent: Agent, query: string): Promise<{ ids: number[]; total: number }> {
  const answer = await agent.get(`${API}/employees?size=500&${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const page = answer.data as Page;
  return { ids: page.rows.map((r) => r.id), total: page.total };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  northwind = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  fabrikam = (await db.selectFrom('clients').select('id').where('company_code', '=', 'FAB1').executeTakeFirstOrThrow()).id;
  await seedEmployees(db, [northwind, fabrikam], 120);
  await submitOne(ACCOUNTS.employee);
  await submitOne(ACCOUNTS.fabrikamEmployee);
  employeeId = (await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow()).id;
  fabrikamEmployeeId = (await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.fabrikamEmployee).executeTakeFirstOrThrow())
    .id;
  const token = async (id: number) =>
    (
      await db
        .selectFrom('assessment_attempts')
        .select('report_token')
        .where('user_id', '=', id)
        .where('status', '=', 'submitted')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).report_token!;
  reportUrl = await token(employeeId);
  fabrikamReportUrl = await token(fabrikamEmployeeId);
});
afterAll(async () => {
  await server?.close();
});

describe('employee search', () => {
  it('answers 401 without a session and 403 without a search permission', async () => {
    expect((await new Agent(server.url).get(`${API}/employees`)).status).toBe(401);
    expect((await (await as(ACCOUNTS.employee)).get(`${API}/employees`)).status).toBe(403);
    expect((await (await as(ACCOUNTS.videoViewer)).get(`${API}/employees/${employeeId}`)).status).toBe(403);
  });

  it("lists the programme manager's own client, as independent SQL does, staff left out", async () => {
    const manager = await as(ACCOUNTS.manager);
    const got = await all(manager, 'sort=name');
    const want = await expected(northwind);
    expect(got.total).toBe(want.length);
    expect(got.ids).toEqual(want.slice(0, 500));
    expect(got.ids).toContain(employeeId);
    const staff = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', [ACCOUNTS.manager, ACCOUNTS.evaluator])
      .execute();
    for (const s of staff) expect(got.ids).not.toContain(s.id);
  });

  it('finds by e-mail, full name and last name prefix in any letter case, taking % literally', async () => {
    const manager = await as(ACCOUNTS.manager);
    expect((await all(manager, 'q=EMPLOYEE%40North')).ids).toEqual([employeeId]);
    expect((await all(manager, 'q=erin%20wal')).ids).toEqual([employeeId]);
    const okafor = await all(manager, 'q=okaf');
    expect(okafor.ids).toEqual(
      await expected(
        northwind,
        sql`lower(x.last_name) LIKE 'okaf%' OR lower(x.email) LIKE 'okaf%' OR lower(x.first_name || ' ' || x.last_name) LIKE 'okaf%'`,
      ),
    );
    expect(okafor.total).toBeGreaterThan(0);
    expect((await all(manager, 'q=%25')).total).toBe(0);
  });

  it('filters by region, band, last assessment dates and open requests as SQL does', async () => {
    const manager = await as(ACCOUNTS.manager);
    expect((await all(manager, 'region=Asia%20Pacific')).ids).toEqual(await expected(northwind, sql`x.region = 'Asia Pacific'`));
    for (const band of ['low', 'moderate', 'high'] as const) {
      const got = await all(manager, `band=${band}`);
      expect(got.ids).toEqual(await expected(northwind, sql`x.band = ${band}`));
      expect(got.total).toBeGreaterThan(0);
    }
    expect((await all(manager, 'band=none')).ids).toEqual(await expected(northwind, sql`x.band IS NULL`));
    const from = new Date(Date.now() - 90 * 86400e3).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 30 * 86400e3).toISOString().slice(0, 10);
    const dated = await all(manager, `from=${from}&to=${to}`);
    expect(dated.ids).toEqual(await expected(northwind, sql`x.last_at >= ${from}::date AND x.last_at < ${to}::date + 1`));
    expect(dated.total).toBeGreaterThan(0);
    const open = await all(manager, 'open_requests=yes');
    expect(open.ids).toEqual(await expected(northwind, sql`x.has_open`));
    expect(open.total).toBeGreaterThan(0);
    expect((await all(manager, 'open_requests=no')).ids).toEqual(await expected(northwind, sql`NOT x.has_open`));
  });

  it('pages and sorts on the server by whitelisted keys only', async () => {
    const manager = await as(ACCOUNTS.manager);
    const page2 = await manager.get(`${API}/employees?sort=name&start=10&size=10`);
    expect((page2.data as Page).rows.map((r) => r.id)).toEqual((await expected(northwind)).slice(10, 20));
    const bySore = (await manager.get(`${API}/employees?sort=score&dir=desc&size=50`)).data as Page;
    const scores = bySore.rows.map((r) => r.score).filter((s): s is number => s !== null);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const bad of [
      'sort=password_hash',
      'sort=__proto__',
      'sort=name;drop',
      'dir=sideways',
      'band=extreme',
      'open_requests=maybe',
      'size=0',
      'from=2026-05-01&to=2026-04-01',
    ]) {
      const answer = await manager.get(`${API}/employees?${bad}`);
      expect(answer.status, bad).toBe(400);
    }
  });

  it('exports the same filtered, sorted list as CSV', async () => {
    const manager = await as(ACCOUNTS.manager);
    const answer = await manager.raw('GET', `${RAW}/employees.csv?band=high&sort=email`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = String(answer.body.text).trim().split('\r\n');
    expect(lines[0]).toBe('first_name,last_name,email,region,status,last_assessment_at,last_area,band,score,open_requests');
    expect(lines.length - 1).toBe((await expected(northwind, sql`x.band = 'high'`)).length);
  });

  it("answers 404 for another client's id, and only that client for an assigned evaluator", async () => {
    const manager = await as(ACCOUNTS.manager);
    const other = await manager.get(`${API}/employees?client_id=${fabrikam}`);
    expect(other.status).toBe(404);
    expect((await manager.raw('GET', `${RAW}/employees.csv?client_id=${fabrikam}`)).status).toBe(404);
    const evaluator = await as(ACCOUNTS.evaluator);
    expect((await all(evaluator, `client_id=${fabrikam}`)).ids).toEqual(await expected(fabrikam));
    const evaluatorId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow()
    ).id;
    const removed = await server.ctx.db
      .deleteFrom('staff_client_assignments')
      .where('user_id', '=', evaluatorId)
      .where('client_id', '=', fabrikam)
      .returningAll()
      .execute();
    try {
      const refused = await evaluator.get(`${API}/employees?client_id=${fabrikam}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(other.body);
      expect((await evaluator.get(`${API}/employees/${fabrikamEmployeeId}`)).status).toBe(404);
      expect((await evaluator.get(`${API}/reports/${fabrikamReportUrl}`)).status).toBe(404);
    } finally {
      await server.ctx.db.insertInto('staff_client_assignments').values(removed).execute();
    }
    expect((await evaluator.get(`${API}/employees/${fabrikamEmployeeId}`)).status).toBe(200);
  });
});

describe('employee record', () => {
  it('shows the profile and every self-assessment, whose report only allowed viewers open', async () => {
    const manager = await as(ACCOUNTS.manager);
    const answer = await manager.get(`${API}/employees/${employeeId}`);
    expect(answer.status).toBe(200);
    const record = answer.data as RecordData;
    expect(record.employee.email).toBe(ACCOUNTS.employee);
    expect(record.assessments.map((a) => a.url)).toContain(reportUrl);
    expect((await manager.get(`${API}/reports/${reportUrl}`)).status).toBe(200);
    expect((await (await as(ACCOUNTS.evaluator)).get(`${API}/reports/${reportUrl}`)).status).toBe(200);
    // Another client's report: the same 404 as a token nobody has.
    expect((await manager.get(`${API}/reports/${fabrikamReportUrl}`)).status).toBe(404);
    expect((await (await as(ACCOUNTS.fabrikamEmployee)).get(`${API}/reports/${reportUrl}`)).status).toBe(404);
  });

  it("answers 404 for another client's employee, a staff account, an unknown id and a client id that is not the employee's", async () => {
    const manager = await as(ACCOUNTS.manager);
    const evaluatorId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow()
    ).id;
    const answers = await Promise.all([
      manager.get(`${API}/employees/${fabrikamEmployeeId}`),
      manager.get(`${API}/employees/${evaluatorId}`),
      manager.get(`${API}/employees/2147483000`),
      manager.get(`${API}/employees/${employeeId}?client_id=${fabrikam}`),
      (await as(ACCOUNTS.evaluator)).get(`${API}/employees/${fabrikamEmployeeId}?client_id=${northwind}`),
    ]);
    for (const a of answers) expect(a.status).toBe(404);
    expect(answers[0].body).toEqual(answers[2].body);
    expect((await manager.get(`${API}/employees/${employeeId}?client_id=${northwind}`)).status).toBe(200);
  });

  it('shows a programme manager only evaluations that reached the client, an evaluator every status, with follow-up answers', async () => {
    const db = server.ctx.db;
    const evaluatorId = (await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow()).id;
    const made = await db
      .insertInto('evaluations')
      .values([
        { client_id: northwind, employee_id: employeeId, evaluator_id: evaluatorId, status: 'draft', work_area: 'Office' },
        {
          client_id: northwind,
          employee_id: employeeId,
          evaluator_id: evaluatorId,
          status: 'finalized',
          work_area: 'Home',
          finalized_at: new Date(),
        },
      ])
      .returning(['id', 'status'])
      .execute();
    const finalized = made.find((e) => e.status === 'finalized')!.id;
    const draft = made.find((e) => e.status === 'draft')!.id;
    await db
      .insertInto('follow_ups')
      .values({
        evaluation_id: finalized,
        client_id: northwind,
        employee_id: employeeId,
        due_at: new Date(),
        answered_at: new Date(),
        answers: JSON.stringify({ comfort: 'Much better since the monitor was raised.' }),
      })
      .execute();
    const forManager = (await (await as(ACCOUNTS.manager)).get(`${API}/employees/${employeeId}`)).data as RecordData;
    const managerIds = forManager.evaluations.map((e) => e.id);
    expect(managerIds).toContain(finalized);
    expect(managerIds).not.toContain(draft);
    expect(forManager.follow_ups[0].answers).toEqual({ comfort: 'Much better since the monitor was raised.' });
    const forEvaluator = (await (await as(ACCOUNTS.evaluator)).get(`${API}/employees/${employeeId}`)).data as RecordData;
    expect(forEvaluator.evaluations.map((e) => e.id)).toEqual(expect.arrayContaining([finalized, draft]));
  });
});
