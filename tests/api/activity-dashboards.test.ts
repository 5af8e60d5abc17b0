import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { seedActivity } from '../helpers/activity-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 activity pages and client management: figures equal what independent SQL counts over the
 * same rows, another client's id answers 404, a caller without the permission 403, small regions are
 * suppressed, and the client manager sees exactly the clients assigned to them.
 */
let server: TestServer;
let manager: Agent;
let clientManager: Agent;
let employee: Agent;
let evaluator: Agent;
let northwind: number;
let arcadia: number;
let contoso: number;
let fabrikam: number;

type Data = Record<string, unknown>;
const count = async (query: ReturnType<typeof sql<{ c: string }>>) => Number((await query.execute(server.ctx.db)).rows[0].c);
/** A count `c` about `p` people as the pages show it: null when fewer than five (SPEC §1 small groups). */
const aboutPeople = async (query: ReturnType<typeof sql<{ c: string; p: string }>>) => {
  const row = (await query.execute(server.ctx.db)).rows[0];
  return Number(row.p) >= 5 ? Number(row.c) : null;
};

beforeAll(async () => {
  server = await startTestServer();
  const now = server.ctx.now();
  northwind = (await seedActivity(server.ctx.db, 'NW01', now)).clientId;
  arcadia = (await seedActivity(server.ctx.db, 'a45', now, { europe: 3, america: 5 })).clientId;
  const ids = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  contoso = ids.find((c) => c.company_code === 'CON1')!.id;
  fabrikam = ids.find((c) => c.company_code === 'FAB1')!.id;
  manager = new Agent(server.url);
  clientManager = new Agent(server.url);
  employee = new Agent(server.url);
  evaluator = new Agent(server.url);
  expect((await manager.login(ACCOUNTS.manager, PASSWORD)).status).toBe(200);
  expect((await clientManager.login(ACCOUNTS.clientManager, PASSWORD)).status).toBe(200);
  expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
  expect((await evaluator.login(ACCOUNTS.evaluator, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('self-assessment activity', () => {
  it("counts what the database holds for the programme manager's own client, and suppresses small regions", async () => {
    const answer = await manager.get('/dashboards/self-assessments');
    expect(answer.status).toBe(200);
    const data = answer.data as Data & {
      range: { from: string };
      totals: Data;
      regions: Data[];
      areas: Data[];
      bands: Data[];
      months: Data[];
    };
    expect(data.client_id).toBe(northwind);
    const from = data.range.from;
    const submitted = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted' AND submitted_at >= ${from}::date`,
    );
    const started = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${northwind} AND started_at >= ${from}::date`,
    );
    expect(submitted).toBeGreaterThanOrEqual(8);
    expect(data.totals.submitted).toBe(submitted);
    expect(data.totals.started).toBe(started);
    expect(data.months.reduce((s, m) => s + Number(m.submitted), 0)).toBe(submitted);
    for (const b of data.bands)
      expect(b.submitted).toBe(
        await aboutPeople(
          sql`SELECT count(*) AS c, count(DISTINCT user_id) AS p FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted' AND risk_band = ${b.band} AND submitted_at >= ${from}::date`,
        ),
      );
    const office = await aboutPeople(
      sql`SELECT count(*) AS c, count(DISTINCT user_id) AS p FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted' AND area = 'office' AND submitted_at >= ${from}::date`,
    );
    expect(data.areas.find((a) => a.area === 'office')?.submitted).toBe(office);
    const europe = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND u.region = 'Europe' AND a.submitted_at >= ${from}::date`,
    );
    expect(data.regions.find((r) => r.region === 'Europe')?.submitted).toBe(europe);
    // Two North American employees: every figure of that region is withheld.
    const america = data.regions.find((r) => r.region === 'North America')!;
    expect(america).toMatchObject({ employees: null, submitted: null, average_score: null, high_risk: null });
  });

  it('filters and pages the submissions on the server, with a report link each', async () => {
    const all = (await manager.get('/dashboards/self-assessments/rows?start=0&size=3')).data as { total: number; rows: Data[] };
    const europe = (await manager.get('/dashboards/self-assessments/rows?region=Europe&band=high')).data as { total: number; rows: Data[] };
    const expected = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND u.region = 'Europe' AND a.risk_band = 'high' AND a.submitted_at > now() - interval '1 year'`,
    );
    expect(all.rows).toHaveLength(3);
    expect(all.total).toBeGreaterThan(3);
    expect(europe.total).toBe(expected);
    expect(europe.rows.every((r) => r.region === 'Europe' && r.band === 'high' && typeof r.url === 'string')).toBe(true);
    expect((await manager.get('/dashboards/self-assessments/rows?band=severe')).status).toBe(400);
    expect((await manager.get('/dashboards/self-assessments?from=2026-05-01&to=2026-04-01')).status).toBe(400);
  });
});

describe('evaluations, requests, follow-ups and reports', () => {
  it('counts requests and evaluations by state as the database does', async () => {
    const data = (await manager.get('/dashboards/evaluations')).data as {
      requests: Record<string, number | null>;
      statuses: { status: string; count: number | null }[];
      promise: Data;
    };
    // SPEC §1 small groups: a state one to four employees are in is withheld; an empty one is 0.
    const byState = async (query: ReturnType<typeof sql<{ c: string; p: string }>>) =>
      Number((await query.execute(server.ctx.db)).rows[0].c) === 0 ? 0 : aboutPeople(query);
    const open = await byState(
      sql`SELECT count(*) AS c, count(DISTINCT user_id) AS p FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'requested'`,
    );
    const finalized = await byState(
      sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM evaluations WHERE client_id = ${northwind} AND status = 'finalized'`,
    );
    expect(data.requests.open).toBe(open);
    expect(data.statuses.find((s) => s.status === 'finalized')?.count).toBe(finalized);
    // One finalized report in the fixture: about one employee, so withheld (SPEC §1 small groups).
    expect(data.promise.finalized).toBe(
      await aboutPeople(
        sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM evaluations WHERE client_id = ${northwind} AND status = 'finalized' AND finalized_at IS NOT NULL`,
      ),
    );
    const scheduled = (await manager.get('/dashboards/evaluation-requests/rows?state=scheduled')).data as { total: number; rows: Data[] };
    expect(scheduled.total).toBe(
      await count(sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'scheduled'`),
    );
    expect(scheduled.rows.every((r) => r.status === 'scheduled' && r.scheduled_at)).toBe(true);
    const openRows = (await manager.get('/dashboards/evaluation-requests/rows?state=open')).data as { rows: Data[] };
    expect(openRows.rows.some((r) => r.promise === 'overdue')).toBe(true);
    expect((await manager.get('/dashboards/evaluation-requests/rows?state=lost')).status).toBe(400);
    const evaluations = (await manager.get('/dashboards/evaluations/rows')).data as { total: number; rows: Data[] };
    expect(evaluations.total).toBe(await count(sql`SELECT count(*) AS c FROM evaluations WHERE client_id = ${northwind}`));
    expect(evaluations.rows.find((r) => r.status === 'finalized')).not.toHaveProperty('status_label');
  });

  it('sorts follow-ups into answered, due, overdue and scheduled, with the answers', async () => {
    const data = (await manager.get('/dashboards/follow-ups')).data as { counts: Record<string, number> };
    const answered = await aboutPeople(
      sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM follow_ups WHERE client_id = ${northwind} AND answered_at IS NOT NULL`,
    );
    const overdue = await aboutPeople(
      sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM follow_ups WHERE client_id = ${northwind} AND answered_at IS NULL AND due_at < now() - interval '14 days'`,
    );
    expect(data.counts.answered).toBe(answered);
    expect(data.counts.overdue).toBe(overdue);
    // The fixture's due and scheduled follow-ups are one or two employees each: withheld.
    expect(data.counts.due).toBeNull();
    expect(data.counts.scheduled).toBeNull();
    const rows = (await manager.get('/dashboards/follow-ups/rows?state=answered')).data as {
      rows: { recommendations: Data[]; comment: string }[];
    };
    expect(rows.rows[0].recommendations[0]).toEqual({ status: 'done', text: 'Lower the monitor so its top line is at eye height.' });
    expect(rows.rows[0].comment).toBe('The monitor change helped.');
  });

  it('lists the reports of each kind', async () => {
    const saAnswer = await manager.get('/dashboards/reports/rows?kind=self-assessment');
    expect(saAnswer.status, JSON.stringify(saAnswer.body)).toBe(200);
    const sa = saAnswer.data as { total: number; rows: Data[] };
    const ee = (await manager.get('/dashboards/reports/rows?kind=ergo-eval')).data as { total: number; rows: Data[] };
    const expectedSa =
      await count(sql`SELECT (SELECT count(*) FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted')
      + (SELECT count(*) FROM survey_reports WHERE client_id = ${northwind}) AS c`);
    expect(sa.total).toBe(expectedSa);
    expect(ee.total).toBe(await count(sql`SELECT count(*) AS c FROM evaluations WHERE client_id = ${northwind} AND status = 'finalized'`));
    expect(ee.rows.every((r) => r.type === 'evaluation')).toBe(true);
  });
});

describe('who sees which client', () => {
  const calls = [
    '/dashboards/self-assessments',
    '/dashboards/self-assessments/rows',
    '/dashboards/evaluations',
    '/dashboards/evaluations/rows',
    '/dashboards/evaluation-requests/rows',
    '/dashboards/follow-ups',
    '/dashboards/follow-ups/rows',
    '/dashboards/reports/rows',
  ];

  it("answers 404 NOT_FOUND for another client's id, and 403 without the permission", async () => {
    for (const path of calls) {
      const foreign = await manager.get(`${path}?client_id=${arcadia}`);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.errors, path).toBe('Not found.');
      expect((await manager.get(`${path}?client_id=999999`)).status, path).toBe(404);
      expect((await employee.get(path)).status, path).toBe(403);
      expect((await clientManager.get(`${path}?client_id=${northwind}`)).status, path).toBe(404);
      expect((await clientManager.get(`${path}?client_id=${fabrikam}`)).status, path).toBe(404);
      expect((await clientManager.get(`${path}?client_id=${arcadia}`)).status, path).toBe(200);
    }
    expect((await employee.get('/dashboards/clients')).status).toBe(403);
    expect((await evaluator.get('/dashboards/self-assessments')).status).toBe(403);
  });

  it('shows the client manager exactly Arcadia and Contoso, with counts from the database', async () => {
    const data = (await clientManager.get('/dashboards/clients')).data as { clients: Data[] };
    expect(data.clients.map((c) => c.id).sort()).toEqual([arcadia, contoso].sort());
    const row = data.clients.find((c) => c.id === arcadia)!;
    // Eligible employees: active accounts whose role opens the employee dashboard (one definition).
    expect(row.employees).toBe(
      await count(
        sql`SELECT count(*) AS c FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id AND rp.permission = 'dashboard-pages-employee-dashboard-view' WHERE u.client_id = ${arcadia} AND u.status = 'active'`,
      ),
    );
    expect(row.open_requests).toBe(
      await aboutPeople(
        sql`SELECT count(*) AS c, count(DISTINCT user_id) AS p FROM evaluation_requests WHERE client_id = ${arcadia} AND status = 'requested'`,
      ),
    );
    expect(row.evaluations_in_progress).toBe(
      await aboutPeople(
        sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM evaluations WHERE client_id = ${arcadia} AND status NOT IN ('finalized', 'declined', 'hidden')`,
      ),
    );
    expect(row.follow_ups_due).toBe(
      await aboutPeople(
        sql`SELECT count(*) AS c, count(DISTINCT employee_id) AS p FROM follow_ups WHERE client_id = ${arcadia} AND answered_at IS NULL AND due_at <= now()`,
      ),
    );
    // Without a client named, the first client assigned to them (not their home client Northwind).
    const figures = (await clientManager.get('/dashboards/self-assessments')).data as Data & { clients: Data[] };
    expect(figures.client_id).toBe(arcadia);
    expect(figures.clients.map((c) => c.name)).toEqual(['Arcadia', 'Contoso']);
    // Arcadia's Europe has three employees: withheld; North America five: shown.
    const arcadiaFigures = figures as unknown as { regions: Data[] };
    expect(arcadiaFigures.regions.find((r) => r.region === 'Europe')?.submitted).toBeNull();
    expect(arcadiaFigures.regions.find((r) => r.region === 'North America')?.employees).toBe(5);
    const all = (await clientManager.get(`/dashboards/reports/rows?kind=all&client_id=${contoso}`)).status;
    expect(all).toBe(200);
    expect((await manager.get('/dashboards/clients')).data).toMatchObject({ clients: [{ id: northwind }] });
    expect((await clientManager.get(`/dashboards/clients?client_id=${contoso}`)).data).toMatchObject({ clients: [{ id: contoso }] });
    expect((await clientManager.get(`/dashboards/clients?client_id=${northwind}`)).status).toBe(404);
  });
});
