import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { signIn } from './server';

/**
 * The evaluator queue (SPEC §2 /user/evaluator; GET /blogs/api/evaluator/queue/rows, the queue grid's call): 10,000 open requests
 * across 50 clients, one evaluator assigned to all 50; the time of the call as the page makes it
 * (signed in, the first page of 50, oldest first, with business days waited and the total), one request at a time, on PGlite and on
 * PostgreSQL. Targets: p95 under 50 ms on PostgreSQL and 150 ms on PGlite. Run with `npm run bench`
 * or alone with `npx tsx tests/bench/evaluator-queue.ts`. Prints figures; never fails.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CLIENTS = 50;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 150, PostgreSQL: 50 } as const;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchEvaluatorQueue(database: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-queue-'));
  const schema = database === 'PostgreSQL' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: database === 'PGlite' ? 'memory://' : dataDir,
    SESSION_SECRET: 'q'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    ...(schema ? { DATABASE_URL: PG_URL } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: database === 'PGlite' ? 'memory://' : dataDir }, { schema });
  const seeded = Date.now();
  const existing = (await ctx.db.selectFrom('clients').select('id').execute()).length;
  await sql`INSERT INTO clients (company_name, company_code) SELECT 'Bench client ' || i, 'BQ' || i FROM generate_series(1, ${CLIENTS - existing}) AS i`.execute(
    ctx.db,
  );
  const clients = (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);
  const evaluator = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'evaluator@ergoportal.example')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('staff_client_assignments')
    .values(clients.map((id) => ({ user_id: evaluator.id, client_id: id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const role = await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  // One employee per request, spread over the 50 clients, asked over the last 60 days.
  await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id)
    SELECT 'Queue', 'Employee ' || i, 'queue' || i || '@bench.example', (${sql.val(clients)}::int[])[1 + i % ${clients.length}], ${role.id} FROM generate_series(1, ${REQUESTS}) AS i`.execute(
    ctx.db,
  );
  await sql`INSERT INTO evaluation_requests (user_id, client_id, preferred_times, work_area, time_zone, created_at, updated_at)
    SELECT u.id, u.client_id, 'Weekday mornings', 'Office', 'Europe/London', now() - ((u.id % 86400) || ' minutes')::interval, now()
    FROM users u WHERE u.email LIKE 'queue%@bench.example'`.execute(ctx.db);
  await sql`VACUUM ANALYZE evaluation_requests`.execute(ctx.db);
  await sql`VACUUM ANALYZE users`.execute(ctx.db);
  const seedSeconds = (Date.now() - seeded) / 1000;
  // BENCH_EXPLAIN=1 prints the queue query's plan (it should walk evaluation_requests_open_by_age, migration 021).
  if (process.env.BENCH_EXPLAIN) {
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN ANALYZE SELECT r.id, (SELECT count(*) FROM evaluation_request_photos p WHERE p.request_id = r.id) FROM evaluation_requests r
      JOIN users u ON u.id = r.user_id JOIN clients c ON c.id = r.client_id WHERE r.status = 'requested' AND r.client_id IN (${sql.join(clients)}) ORDER BY r.created_at, r.id LIMIT 500`.execute(
      ctx.db,
    );
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await signIn(url, 'evaluator@ergoportal.example');
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/blogs/api/evaluator/queue/rows?start=0&size=50`, { headers });
    const body = (await response.json()) as { success: boolean; data: unknown };
    if (!response.ok || !body.success) throw new Error(`evaluator queue: HTTP ${response.status}`);
    if (i >= 5) times.push(performance.now() - started); // the first few warm the caches
    if (i === 0) rows = JSON.stringify(body.data).length;
  }
  times.sort((a, b) => a - b);
  await app.close();
  await ctx.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  }
  return { database, seedSeconds, p50: percentile(times, 50), p95: percentile(times, 95), bytes: rows };
}

export async function runEvaluatorQueueBench(): Promise<void> {
  console.log(
    `\nEvaluator queue: ${REQUESTS.toLocaleString('en')} open requests across ${CLIENTS} clients, one evaluator assigned to all; ${SAMPLES} sequential GET /evaluator/queue/rows\n`,
  );
  console.log(
    [
      'database'.padEnd(11),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'target'.padStart(10),
      'reply bytes'.padStart(12),
      'seed s'.padStart(8),
    ].join(' '),
  );
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    if (database === 'PostgreSQL' && process.env.BENCH_POSTGRES === '0') continue;
    const r = await benchEvaluatorQueue(database);
    const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
    console.log(
      [
        database.padEnd(11),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        verdict.padStart(10),
        String(r.bytes).padStart(12),
        r.seedSeconds.toFixed(1).padStart(8),
      ].join(' '),
    );
  }
  // Figures taken while other work loads the machine are noisy: say how loaded it was.
  console.log(`load average ${loadavg()[0].toFixed(1)} at the end`);
}

if (process.argv[1]?.endsWith('evaluator-queue.ts')) await runEvaluatorQueueBench();
