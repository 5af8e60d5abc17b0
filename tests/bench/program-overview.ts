/**
 * Programme overview under load (SPEC §2 /program-overview): one client with 100,000 employees and
 * 1,000,000 submitted self-assessments, the overview's figures timed 20 times (p50, p95).
 * Run: TEST_DATABASE_URL=postgres://… npx tsx tests/bench/program-overview.ts (PGlite without it).
 */
import { sql } from 'kysely';
import { startTestServer } from '../helpers/test-server';
import { overviewFigures, pipelineFigures, followUpFigures } from '../../src/server/dashboards/overview-figures';
import { addMonths, monthOf, monthStart } from '../../src/server/dashboards/overview-params';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1_000_000);
const server = await startTestServer();
const db = server.ctx.db;
const client = (
  await db
    .insertInto('clients')
    .values({ company_name: 'Bench', company_code: 'BENCH1', regions: JSON.stringify(['North', 'South', 'East']) } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
const role = (await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id;
let t = Date.now();
await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id, region)
  SELECT 'Bench', 'Person ' || g, 'bench.' || g || '@bench.example', ${client}, ${role}, (ARRAY['North','South','East'])[1 + g % 3] FROM generate_series(1, ${EMPLOYEES}) g`.execute(
  db,
);
const first = Number((await sql<{ id: number }>`SELECT min(id) AS id FROM users WHERE client_id = ${client}`.execute(db)).rows[0].id);
await sql`INSERT INTO assessment_attempts (user_id, client_id, area, language, questionnaire_version, answers, status, submitted_at, result, report_token, report_status, overall_score, risk_band, finding_ids, body_scores)
  SELECT ${first} + ((g::bigint * 7919) % ${EMPLOYEES})::int, ${client}, 'office', 'en', 1, '{}', 'submitted', now() - (g % 900) * interval '1 day', '{}', md5(g::text), 'Finalized',
    1 + g % 9, (ARRAY['low','moderate','high'])[1 + g % 3], ARRAY['screen.glare', 'chair.not_adjustable'], jsonb_build_object('neck', g % 40, 'lower_back', g % 25)
  FROM generate_series(1, ${ATTEMPTS}) g`.execute(db);
await sql`ANALYZE`.execute(db);
console.log(`loaded ${EMPLOYEES} employees, ${ATTEMPTS} attempts in ${Date.now() - t} ms`);
const now = new Date();
const params = {
  clientId: client,
  fromMonth: addMonths(monthOf(now), -11),
  toMonth: monthOf(now),
  from: monthStart(addMonths(monthOf(now), -11)),
  until: monthStart(addMonths(monthOf(now), 1)),
  regions: [] as string[],
};
const times: number[] = [];
for (let i = 0; i < 20; i += 1) {
  t = performance.now();
  await Promise.all([overviewFigures(db, params, now), pipelineFigures(db, params), followUpFigures(db, params)]);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`overview: p50 ${times[9].toFixed(0)} ms, p95 ${times[18].toFixed(0)} ms, max ${times[19].toFixed(0)} ms`);
await server.close();
