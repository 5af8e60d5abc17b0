import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { rollupFigures } from '../../src/server/api/dashboards/overview-rollups';
import { zonedMonthStart } from '../../src/server/domain/dashboards/reader-zone';
import { addMonths, monthOf, monthStart, type OverviewParams } from '../../src/server/domain/dashboards/overview-params';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 /program-overview: the monthly rollups of migration 022 give exactly the figures the raw
 * attempts give (counted here with independent SQL), after the demo history, after submits through
 * the API (two of them at the same moment), after an employee moves region or is deleted, and equal a rebuild
 * from scratch.
 */
let server: TestServer;
let northwind: number;
type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => (await q.execute(server.ctx.db)).rows as Row[];
const norm = (list: Row[]) => list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])));

/** A period of whole months of `zone`: a zone not on UTC is counted from the attempts instead of the UTC rollups. */
function params(fromMonth: string, toMonth: string, regions: string[] = [], zone = 'UTC'): OverviewParams {
  const from = zonedMonthStart(fromMonth, zone);
  const until = zonedMonthStart(addMonths(toMonth, 1), zone);
  if (zone === 'UTC') expect([from, until]).toEqual([monthStart(fromMonth), monthStart(addMonths(toMonth, 1))]);
  return { clientId: northwind, fromMonth, toMonth, from, until, zone, regions };
}

/** The figures counted straight from the attempts, in the rollup queries' row shapes. */
async function raw(p: OverviewParams) {
  const regionIn = p.regions.length ? sql`AND coalesce(u.region, '') IN (${sql.join(p.regions)})` : sql``;
  const base = sql`assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.client_id = ${p.clientId} AND a.status = 'submitted' ${regionIn}`;
  const period = sql`AND a.submitted_at >= ${p.from} AND a.submitted_at < ${p.until}`;
  const inPeriod = sql`(SELECT a.user_id, a.finding_ids, a.body_scores FROM ${base} ${period}) a`;
  return {
    totals: await rows(sql`SELECT count(*) AS total, count(DISTINCT a.user_id) AS participants,
      count(*) FILTER (WHERE a.risk_band = 'low') AS low, count(*) FILTER (WHERE a.risk_band = 'moderate') AS moderate,
      count(*) FILTER (WHERE a.risk_band = 'high') AS high, count(*) FILTER (WHERE a.overall_score >= 5) AS action,
      round(avg(a.overall_score), 1) AS mean FROM ${base} ${period}`),
    // The chart follows the chosen period; each month with the people who submitted in it (small groups).
    monthly: await rows(sql`SELECT to_char(date_trunc('month', a.submitted_at AT TIME ZONE ${p.zone}), 'YYYY-MM') AS month, count(*) AS n,
      count(DISTINCT a.user_id) AS people FROM ${base} ${period} GROUP BY 1 ORDER BY 1`),
    findings: await rows(sql`SELECT f AS id, count(*) AS n FROM ${inPeriod} CROSS JOIN LATERAL unnest(a.finding_ids) f
      GROUP BY f ORDER BY count(*) DESC, f LIMIT 10`),
    body: await rows(sql`SELECT b.key AS region, count(DISTINCT a.user_id) AS people, round(avg(b.value::numeric), 1) AS mean
      FROM ${inPeriod} CROSS JOIN LATERAL jsonb_each_text(a.body_scores) b GROUP BY b.key ORDER BY b.key`),
    byRegion: await rows(sql`SELECT coalesce(u.region, '') AS region, count(DISTINCT a.user_id) AS participants, count(*) AS total,
      count(*) FILTER (WHERE a.risk_band = 'low') AS low, count(*) FILTER (WHERE a.risk_band = 'moderate') AS moderate,
      count(*) FILTER (WHERE a.risk_band = 'high') AS high, round(avg(a.overall_score), 1) AS mean
      FROM ${base} ${period} GROUP BY 1 ORDER BY 1`),
  };
}

async function expectSameFigures(extra: (thisMonth: string) => OverviewParams[] = () => []) {
  const now = new Date();
  const thisMonth = monthOf(now);
  const regions = (await rows(sql`SELECT DISTINCT region FROM users WHERE client_id = ${northwind} AND region IS NOT NULL ORDER BY 1`)).map(
    (r) => String(r.region),
  );
  expect(regions.length).toBeGreaterThan(1);
  for (const p of [
    params(addMonths(thisMonth, -11), thisMonth),
    params(addMonths(thisMonth, -7), addMonths(thisMonth, -3)),
    params(thisMonth, thisMonth),
    params('2021-01', addMonths(thisMonth, 2), regions.slice(0, 2)),
    // The reader's months (SPEC §2 dashboards): eight hours behind UTC, and five and a half ahead.
    params(addMonths(thisMonth, -11), thisMonth, [], 'America/Los_Angeles'),
    params(addMonths(thisMonth, -7), addMonths(thisMonth, -3), regions.slice(0, 1), 'Asia/Kolkata'),
    ...extra(thisMonth),
  ]) {
    const expected = await raw(p);
    const got = await rollupFigures(server.ctx.db, p);
    expect(norm(got.totals.rows)).toEqual(norm(expected.totals));
    expect(norm(got.monthly.rows)).toEqual(norm(expected.monthly));
    expect(norm(got.findings.rows)).toEqual(norm(expected.findings));
    const byKey = (list: Row[], key: string) => [...list].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
    expect(norm(byKey(got.body.rows, 'region'))).toEqual(norm(byKey(expected.body, 'region')));
    expect(norm(byKey(got.byRegion.rows, 'region'))).toEqual(norm(byKey(expected.byRegion, 'region')));
  }
}

async function submit(agent: Agent, area: string, prefer: string) {
  const started = await agent.post('/self-assessment/attempts', { area, from_previous: false });
  expect(started.status).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: unknown }; questionnaire: Questionnaire };
  return () =>
    agent.post(`/self-assessment/attempts/${attempt.id}/submit`, {
      answers: completeAnswers(questionnaire, prefer, attempt.answers as never),
    });
}

beforeAll(async () => {
  server = await startTestServer({ DEMO_HISTORY: 'assessments' });
  northwind = (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  // Seeding the demo's two years of history takes a while on a busy machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('programme overview rollups', () => {
  it('equal the raw figures after the demo history', async () => {
    await expectSameFigures();
  });

  it('stay equal after submits, two of them concurrent, after an employee moves region and after one is deleted', async () => {
    const employee = new Agent(server.url);
    expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    const starter = new Agent(server.url);
    expect((await starter.login(ACCOUNTS.newStarter, PASSWORD)).status).toBe(200);
    await expect((await submit(employee, 'office', 'no'))()).resolves.toMatchObject({ status: 200 });
    await expectSameFigures();
    const [a, b] = [await submit(employee, 'office', 'yes'), await submit(starter, 'office', 'no')];
    const answers = await Promise.all([a(), b()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await expectSameFigures();
    const regions = (await server.ctx.db.selectFrom('clients').select('regions').where('id', '=', northwind).executeTakeFirstOrThrow())
      .regions as unknown as string[];
    const current = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'region'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    const moved = await employee.post('/update-user-region', { region: regions.find((r) => r !== current.region) });
    expect(moved.status).toBe(200);
    await expectSameFigures();
    // An employee with a history deleted from the database.
    await sql`DELETE FROM users WHERE id = (SELECT user_id FROM assessment_attempts WHERE client_id = ${northwind}
      AND status = 'submitted' AND user_id <> ${current.id} ORDER BY user_id LIMIT 1)`.execute(server.ctx.db);
    await expectSameFigures();
  });

  it('stay equal after one statement writes the attempts of more than 500 people (a bulk import or restore)', async () => {
    // Migration 026: above 500 people the triggers join the set instead of looking each one up.
    const template = await sql<{ id: number }>`SELECT id FROM assessment_attempts WHERE client_id = ${northwind}
      AND status = 'submitted' AND body_scores <> '{}'::jsonb ORDER BY id LIMIT 1`.execute(server.ctx.db);
    const templateId = template.rows[0]!.id;
    await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status)
      SELECT 'Bulk', 'Person ' || i, 'bulk.' || i || '@northwind.example', t.client_id, t.role_id,
        (SELECT r FROM jsonb_array_elements_text(c.regions) WITH ORDINALITY x (r, n) WHERE n = 1 + i % jsonb_array_length(c.regions)), 'active'
      FROM generate_series(1, 650) i, (SELECT client_id, role_id FROM users WHERE email = ${ACCOUNTS.employee}) t
      JOIN clients c ON c.id = t.client_id`.execute(server.ctx.db);
    const inserted = await sql`INSERT INTO assessment_attempts (user_id, client_id, area, language, questionnaire_version, answers, status,
        sections_done, started_at, updated_at, submitted_at, result, report_token, report_status, overall_score, risk_band, finding_ids, body_scores)
      SELECT u.id, a.client_id, a.area, a.language, a.questionnaire_version, a.answers, a.status, a.sections_done, a.started_at, a.updated_at,
        now() - ((k * 17) % 500 || ' days')::interval, a.result, md5('bulk' || u.id || '-' || k), a.report_status,
        (k % 10) + 1, (ARRAY['low', 'moderate', 'high'])[1 + k % 3], a.finding_ids, a.body_scores
      FROM users u CROSS JOIN generate_series(1, 2) k CROSS JOIN assessment_attempts a
      WHERE u.email LIKE 'bulk.%@northwind.example' AND a.id = ${templateId}`.execute(server.ctx.db);
    expect(Number(inserted.numAffectedRows)).toBe(1300);
    await expectSameFigures();
    // One statement moving 1,300 submissions back a month, then one deleting half of them.
    await sql`UPDATE assessment_attempts SET submitted_at = submitted_at - interval '31 days'
      WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bulk.%@northwind.example')`.execute(server.ctx.db);
    await expectSameFigures();
    await sql`DELETE FROM assessment_attempts WHERE risk_band = 'high'
      AND user_id IN (SELECT id FROM users WHERE email LIKE 'bulk.%@northwind.example')`.execute(server.ctx.db);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM assessment_attempts a JOIN users u ON u.id = a.user_id
      WHERE u.email LIKE 'bulk.%@northwind.example'`.execute(server.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(650);
    await expectSameFigures();
  });

  it('equal the raw figures for readers in Los Angeles and Kolkata, with attempts between their day boundaries and UTC', async () => {
    // SPEC §2 dashboards: an attempt 3 hours into a UTC month is in the month before for a reader in
    // Los Angeles (UTC-8/-7); one 2 hours before a UTC month begins is in that month in Kolkata
    // (UTC+5:30). Employees with no other attempt, and some with another in the same month, so that
    // both the counts and the distinct people move across the boundary.
    const thisMonth = monthOf(new Date());
    const template = await sql<{ id: number }>`SELECT id FROM assessment_attempts WHERE client_id = ${northwind}
      AND status = 'submitted' AND body_scores <> '{}'::jsonb AND cardinality(finding_ids) > 0 ORDER BY id LIMIT 1`.execute(server.ctx.db);
    await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status)
      SELECT 'Edge', 'Person ' || i, 'edge.' || i || '@northwind.example', t.client_id, t.role_id, t.region, 'active'
      FROM generate_series(1, 16) i, (SELECT client_id, role_id, region FROM users WHERE email = ${ACCOUNTS.employee}) t`.execute(
      server.ctx.db,
    );
    // Per boundary four people: two with another attempt ten days into the UTC month, two with none.
    const H = 3600e3;
    const attempts = [-11, -5, -7, -2].flatMap((m, k) => {
      const utc = monthStart(addMonths(thisMonth, m)).getTime();
      const person = (i: number) => 4 * k + i;
      return [
        [utc + 3 * H, person(1)],
        [utc - 2 * H, person(2)],
        [utc + 240 * H, person(1)],
        [utc + 240 * H, person(2)],
        [utc - 2 * H, person(3)],
        [utc + 3 * H, person(4)],
      ] as const;
    });
    await sql`INSERT INTO assessment_attempts (user_id, client_id, area, language, questionnaire_version, answers, status,
        sections_done, started_at, updated_at, submitted_at, result, report_token, report_status, overall_score, risk_band, finding_ids, body_scores)
      SELECT u.id, a.client_id, a.area, a.language, a.questionnaire_version, a.answers, a.status, a.sections_done, a.started_at, a.updated_at,
        x.at, a.result, md5('edge' || x.n), a.report_status, 1 + x.n % 10, (ARRAY['low', 'moderate', 'high'])[1 + x.n % 3],
        a.finding_ids, a.body_scores
      FROM unnest(${attempts.map(([at]) => new Date(at).toISOString())}::timestamptz[], ${attempts.map(([, person]) => person)}::int[])
        WITH ORDINALITY x (at, person, n)
      JOIN users u ON u.email = 'edge.' || x.person || '@northwind.example'
      CROSS JOIN assessment_attempts a WHERE a.id = ${template.rows[0]!.id}`.execute(server.ctx.db);
    await expectSameFigures((month) => [
      params(addMonths(month, -5), addMonths(month, -5), [], 'America/Los_Angeles'),
      params(addMonths(month, -11), addMonths(month, -3), [], 'America/Los_Angeles'),
      params(addMonths(month, -7), addMonths(month, -3), [], 'Asia/Kolkata'),
      params(addMonths(month, -2), addMonths(month, -2), [], 'Asia/Kolkata'),
    ]);
  });

  it('equal a rebuild from the attempts', async () => {
    const snapshot = async () => ({
      facts: await rows(
        sql`SELECT * FROM dashboard_month_facts WHERE attempts <> 0 OR scored <> 0 ORDER BY client_id, kind, month, region, key`,
      ),
      people: await rows(
        sql`SELECT * FROM dashboard_month_people WHERE people <> 0 ORDER BY client_id, kind, month, prev_month, region, key`,
      ),
    });
    const kept = await snapshot();
    expect(kept.facts.length).toBeGreaterThan(100);
    await sql`SELECT dashboard_rollups_rebuild()`.execute(server.ctx.db);
    expect(norm((await snapshot()).facts)).toEqual(norm(kept.facts));
    expect(norm((await snapshot()).people)).toEqual(norm(kept.people));
  });
});
