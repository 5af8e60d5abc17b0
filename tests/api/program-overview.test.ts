import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { findingLabel } from '../../src/shared/assessment/finding-title';
import { findingTitles } from '../../src/web/build/interface-texts-plugin';

/**
 * SPEC §1 "what programme managers see", §2 /program-overview: the figures equal what the database
 * holds (counted here with independent SQL over the demo history), another client answers 404,
 * callers without the permission 403, groups under 5 are suppressed, and a drill-down lists exactly
 * the records behind its figure, whose reports the manager can open.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
let arcadia: number;
const count = async (query: ReturnType<typeof sql>) => Number(((await query.execute(server.ctx.db)).rows[0] as { n: string }).n);
const month = (d: Date) => d.toISOString().slice(0, 7);
type Body = Record<string, unknown> & { data: Record<string, any> };
const texts = resolve(import.meta.dirname, '../../content/assessments/texts');
/** The finding words a German reader's page shows (the browser's chunk of finding titles). */
const germanFinding = async () => findingLabel(await findingTitles(`${texts}/`, 'de'));
const germanTitles = parse(readFileSync(`${texts}/de.yaml`, 'utf8')) as Record<string, string>;

beforeAll(async () => {
  // The figures are checked on the demo's two years of self-assessments (no evaluation history, so
  // the follow-up outcomes below start from none).
  server = await startTestServer({ DEMO_HISTORY: 'assessments' });
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  const ids = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  northwind = ids.find((c) => c.company_code === 'NW01')!.id;
  arcadia = ids.find((c) => c.company_code === 'a45')!.id;
  // A region of 4 employees, each with a self-assessment this month: too small to show (SPEC §1).
  const role = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const sample = await server.ctx.db
    .selectFrom('assessment_attempts')
    .selectAll()
    .where('client_id', '=', northwind)
    .where('status', '=', 'submitted')
    .limit(1)
    .executeTakeFirstOrThrow();
  for (let i = 1; i <= 4; i += 1) {
    const user = await server.ctx.db
      .insertInto('users')
      .values({
        first_name: 'Tiny',
        last_name: `Team ${i}`,
        email: `tiny.${i}@nw01.example`,
        password_hash: null,
        client_id: northwind,
        role_id: role.id,
        region: 'Tiny Island',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('assessment_attempts')
      .values({
        user_id: user.id,
        client_id: northwind,
        area: sample.area,
        language: 'en',
        questionnaire_version: sample.questionnaire_version,
        answers: JSON.stringify(sample.answers),
        status: 'submitted',
        sections_done: '[]',
        submitted_at: new Date(Date.now() - 3_600_000),
        result: JSON.stringify(sample.result),
        report_token: randomBytes(24).toString('base64url'),
        report_status: 'Finalized',
        overall_score: sample.overall_score,
        risk_band: sample.risk_band,
        finding_ids: sample.finding_ids,
        body_scores: JSON.stringify({ neck: 20 }),
      })
      .execute();
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the programme overview figures', () => {
  it('match the database for the default period (the last 12 months)', async () => {
    const answer = await manager.get('/dashboards/program-overview');
    expect(answer.status).toBe(200);
    const data = answer.data as Record<string, any>;
    const now = new Date();
    const to = month(now);
    const fromDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(data.client).toMatchObject({ id: northwind, name: 'Northwind' });
    expect(data.period).toEqual({ from_month: month(fromDate), to_month: to, regions: [] });
    const inPeriod = sql`client_id = ${northwind} AND status = 'submitted' AND submitted_at >= ${fromDate} AND submitted_at < ${until}`;
    expect(data.self_assessments).toBe(await count(sql`SELECT count(*) AS n FROM assessment_attempts WHERE ${inPeriod}`));
    expect(data.self_assessments).toBeGreaterThan(100);
    const participants = await count(sql`SELECT count(DISTINCT user_id) AS n FROM assessment_attempts WHERE ${inPeriod}`);
    expect(data.participants).toBe(participants);
    const eligible = await count(
      sql`SELECT count(*) AS n FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id AND rp.permission = 'dashboard-pages-employee-dashboard-view' WHERE u.client_id = ${northwind} AND u.status = 'active'`,
    );
    expect(data.eligible).toBe(eligible);
    expect(data.participation_share).toBe(Math.round((participants / eligible) * 1000) / 10);
    for (const band of ['low', 'moderate', 'high']) {
      expect(data.bands[band]).toBe(
        await count(sql`SELECT count(*) AS n FROM assessment_attempts WHERE ${inPeriod} AND risk_band = ${band}`),
      );
    }
    const action = await count(sql`SELECT count(*) AS n FROM assessment_attempts WHERE ${inPeriod} AND overall_score >= 5`);
    expect(data.action_share).toBe(Math.round((action / data.self_assessments) * 1000) / 10);
    // Every month of the chosen period (SPEC §9: 2021-01 is only the earliest one may choose), each
    // equal to the month's submitted attempts.
    expect(data.monthly[0].month).toBe(month(fromDate));
    expect(data.monthly).toHaveLength(12);
    expect(data.monthly.at(-1).month).toBe(to);
    const lastMonth = data.monthly.at(-2);
    const [y, m] = lastMonth.month.split('-').map(Number);
    expect(lastMonth.count).toBe(
      await count(sql`SELECT count(*) AS n FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted'
      AND submitted_at >= ${new Date(Date.UTC(y, m - 1, 1))} AND submitted_at < ${new Date(Date.UTC(y, m, 1))}`),
    );
    // Neck discomfort: the share of participants whose attempts report the region.
    const neck = data.body.find((b: { region: string }) => b.region === 'neck');
    const neckPeople = await count(
      sql`SELECT count(DISTINCT user_id) AS n FROM assessment_attempts WHERE ${inPeriod} AND body_scores ? 'neck'`,
    );
    expect(neck.people).toBe(neckPeople);
    expect(neck.share).toBe(Math.round((neckPeople / participants) * 1000) / 10);
    // The most frequent finding, by id: the page words it in its reader's language (a German reader reads German).
    const top = (
      await sql<{
        id: string;
        n: string;
      }>`SELECT f AS id, count(*) AS n FROM assessment_attempts, unnest(finding_ids) f WHERE ${inPeriod} GROUP BY f ORDER BY count(*) DESC, f LIMIT 1`.execute(
        server.ctx.db,
      )
    ).rows[0];
    expect(data.top_findings[0]).toMatchObject({ id: top.id, count: Number(top.n) });
    expect(data.top_findings[0]).not.toHaveProperty('title');
    const german = await germanFinding();
    for (const f of data.top_findings as { id: string }[]) {
      expect(german(f.id)).not.toContain(f.id);
      expect(german(f.id)).toBe(germanTitles[`finding.${f.id}.title`]);
    }
  });

  it('suppresses a region of fewer than 5 employees, in the figures and in its records', async () => {
    const all = { data: (await manager.get('/dashboards/program-overview')).data as Record<string, any> };
    const tiny = all.data.regions.find((r: { region: string }) => r.region === 'Tiny Island');
    expect(tiny).toEqual({
      region: 'Tiny Island',
      eligible: null,
      participants: null,
      participation_share: null,
      bands: null,
      mean_score: null,
    });
    const only = { data: (await manager.get('/dashboards/program-overview?region=Tiny%20Island')).data as Record<string, any> };
    expect(only.data.participants).toBeNull();
    expect(only.data.bands).toBeNull();
    expect(only.data.top_findings).toBeNull();
    expect(only.data.body.every((b: { share: number | null }) => b.share === null)).toBe(true);
    const records = {
      data: (await manager.get('/dashboards/program-overview/records?kind=region&value=Tiny%20Island')).data as Record<string, any>,
    };
    expect(records.data).toMatchObject({ suppressed: true, total: 0, rows: [] });
  });

  it('drills into exactly the records behind a figure, whose reports the manager opens', async () => {
    const now = new Date();
    const fromDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const expected = (
      await sql<{ id: string }>`SELECT id FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted'
      AND submitted_at >= ${fromDate} AND risk_band = 'high' ORDER BY id`.execute(server.ctx.db)
    ).rows.map((r) => String(r.id));
    const ids: string[] = [];
    for (let start = 0; ; start += 50) {
      const page = (await manager.get(`/dashboards/program-overview/records?kind=band&value=high&start=${start}&size=50`)).data as Record<
        string,
        any
      >;
      expect(page.total).toBe(expected.length);
      ids.push(...page.rows.map((r: { id: string }) => r.id));
      if (page.rows.length < 50) break;
    }
    expect(ids.sort()).toEqual(expected.sort());
    const first = ((await manager.get('/dashboards/program-overview/records?kind=band&value=high&size=1')).data as Record<string, any>)
      .rows[0];
    expect(first).toMatchObject({ risk_band: 'high', url: expect.any(String), employee: expect.any(String) });
    // Its first finding comes as an id, which a German reader's page words in German.
    expect(first.top_finding).toEqual(expect.any(String));
    expect(germanTitles[`finding.${first.top_finding}.title`]).toBe((await germanFinding())(first.top_finding));
    expect((await manager.get(`/reports/${encodeURIComponent(first.url)}`)).status).toBe(200);
    // A report of another client does not exist for this manager.
    const other = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select('report_token')
      .where('client_id', '=', arcadia)
      .where('status', '=', 'submitted')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await manager.get(`/reports/${encodeURIComponent(other.report_token!)}`)).status).toBe(404);
    // Evaluation requests of one status, listed only when five or more employees are behind them (SPEC §1 small groups).
    const requested = await count(
      sql`SELECT count(*) AS n FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'scheduled' AND created_at >= ${fromDate}`,
    );
    const requesters = await count(
      sql`SELECT count(DISTINCT user_id) AS n FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'scheduled' AND created_at >= ${fromDate}`,
    );
    const requests = (await manager.get('/dashboards/program-overview/records?kind=request_status&value=scheduled')).data as Record<
      string,
      any
    >;
    expect(requests.suppressed).toBe(requesters < 5);
    expect(requests.total).toBe(requesters < 5 ? 0 : requested);
    expect(requests.rows).toHaveLength(requesters < 5 ? 0 : requested);
  });
});

describe('follow-up outcomes', () => {
  it('count recommendations done and discomfort before and after from the answers, once 5 employees answered', async () => {
    const db = server.ctx.db;
    const evaluation = await db
      .selectFrom('evaluations')
      .select(['id', 'employee_id', 'request_id', 'evaluator_id', 'work_area'])
      .where('client_id', '=', northwind)
      .where('status', '=', 'finalized')
      .where('request_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const before = (await manager.get('/dashboards/program-overview')).data as Record<string, any>;
    expect(before.follow_ups.done_share).toBeNull();
    // Five answers: 2 of 3 recommendations done each time; lower-back discomfort from 3×2×weight to nothing.
    const answers = {
      recommendations: [
        { label: 'Lumbar support', priority: 'high', status: 'done' },
        { label: 'Laptop stand', priority: 'medium', status: 'done' },
        { label: 'Breaks', priority: 'low', status: 'in_progress' },
      ],
      discomfort: { lower_back: { frequency: 1, discomfort: 1, interference: 0 } },
      comment: 'Much better.',
    };
    // One follow-up per finalized report (migration 021): five reports of five employees, each from a
    // request with the same discomfort as the first, each answered once.
    const first = await db.selectFrom('evaluation_requests').selectAll().where('id', '=', evaluation.request_id!).executeTakeFirstOrThrow();
    const employees = (
      await db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', northwind)
        .where('id', '!=', evaluation.employee_id)
        .where('role_id', '=', (await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id)
        .orderBy('id')
        .limit(4)
        .execute()
    ).map((u) => u.id);
    expect(employees).toHaveLength(4);
    for (const [i, employee] of [evaluation.employee_id, ...employees].entries()) {
      if (i === 4) {
        // Four employees' answers could point at them (SPEC §1 small groups), however many answers.
        const four = (await manager.get('/dashboards/program-overview')).data as Record<string, any>;
        expect(four.follow_ups).toMatchObject({ answered: null, done_share: null, discomfort_before: null });
      }
      const request = await db
        .insertInto('evaluation_requests')
        .values({
          user_id: employee,
          client_id: northwind,
          work_area: first.work_area,
          discomfort: JSON.stringify(first.discomfort),
          preferred_times: first.preferred_times,
          notes: first.notes,
          status: 'completed',
          completed_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const report = await db
        .insertInto('evaluations')
        .values({
          client_id: northwind,
          employee_id: employee,
          evaluator_id: evaluation.evaluator_id,
          request_id: request.id,
          status: 'finalized',
          work_area: evaluation.work_area,
          finalized_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('follow_ups')
        .values({
          evaluation_id: report.id,
          client_id: northwind,
          employee_id: employee,
          due_at: new Date(),
          answered_at: new Date(),
          answers: JSON.stringify(answers),
        })
        .execute();
    }
    const request = await db
      .selectFrom('evaluation_requests')
      .select('discomfort')
      .where('id', '=', evaluation.request_id!)
      .executeTakeFirstOrThrow();
    const lower = (request.discomfort as Record<string, { frequency: number; discomfort: number; interference: number }>).lower_back;
    const data = (await manager.get('/dashboards/program-overview')).data as Record<string, any>;
    expect(data.follow_ups).toMatchObject({
      answered: 5,
      recommendations: 15,
      done_share: 66.7,
      in_progress_share: 33.3,
      discomfort_after: 1.5,
    });
    expect(data.follow_ups.discomfort_before).toBe(
      [0, 1.5, 3.5, 5, 10][lower.frequency] * lower.discomfort * [1, 2, 3][lower.interference],
    );
  });
});

describe('who may read the overview', () => {
  it('answers 404 for a client the caller does not serve, and for a month that does not exist 400', async () => {
    for (const path of [
      `/dashboards/program-overview?client_id=${arcadia}`,
      `/dashboards/program-overview/records?kind=all&client_id=${arcadia}`,
    ]) {
      const answer = await manager.get(path);
      expect(answer.status).toBe(404);
      expect((answer.body as Body).errors).toBe('Not found.');
    }
    expect((await manager.get('/dashboards/program-overview?from_month=2026-13')).status).toBe(400);
    expect((await manager.get('/dashboards/program-overview?from_month=2026-05&to_month=2026-01')).status).toBe(400);
    expect((await manager.get('/dashboards/program-overview/records?kind=nothing')).status).toBe(400);
    expect((await manager.get('/dashboards/program-overview/records?kind=body&value=elbow')).status).toBe(400);
  });

  it('refuses employees (403) and guests (401)', async () => {
    const employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    for (const path of ['/dashboards/program-overview', '/dashboards/program-overview/records?kind=all']) {
      expect((await employee.get(path)).status).toBe(403);
      expect((await new Agent(server.url).get(path)).status).toBe(401);
    }
  });

  it('lets assigned staff choose among their clients', async () => {
    const evaluator = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.evaluator)
      .executeTakeFirstOrThrow();
    const role = await server.ctx.db
      .insertInto('roles')
      .values({ name: 'Client_manager_test', display_name: 'Client manager (test)', description: 'Serves assigned clients.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('role_permissions')
      .values({ role_id: role.id, permission: 'dashboard-pages-client-managers-view' })
      .execute();
    const staff = await server.ctx.db
      .insertInto('users')
      .values({
        first_name: 'Cora',
        last_name: 'Lind',
        email: 'cora@ergoportal.example',
        password_hash: (
          await server.ctx.db.selectFrom('users').select('password_hash').where('id', '=', evaluator.id).executeTakeFirstOrThrow()
        ).password_hash,
        client_id: northwind,
        role_id: role.id,
        region: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('staff_client_assignments')
      .values([{ user_id: staff.id, client_id: arcadia, assigned_by: null }])
      .execute();
    const agent = await signedInAgent(server.url, 'cora@ergoportal.example', PASSWORD);
    const mine = { data: (await agent.get('/dashboards/program-overview')).data as Record<string, any> };
    expect(mine.data.client.id).toBe(arcadia);
    expect(mine.data.clients).toEqual([{ id: arcadia, name: 'Arcadia' }]);
    expect((await agent.get(`/dashboards/program-overview?client_id=${northwind}`)).status).toBe(404);
    // The assigned client's reports open for them; Northwind's (their own account's client) stay as before.
    const row = ((await agent.get('/dashboards/program-overview/records?kind=all&size=1')).data as Record<string, any>).rows[0];
    expect((await agent.get(`/reports/${encodeURIComponent(row.url)}`)).status).toBe(200);
  });
});
