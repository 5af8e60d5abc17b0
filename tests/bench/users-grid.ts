import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { signIn } from './server';
import { FIRST, LAST } from '../helpers/person-names';

/**
 * The users grid (/admin/all_users) on 100,000 users: the time of one sorted, filtered page as the
 * browser asks for it (GET /blogs/api/admin/users, signed in, rows and total), one request at a time,
 * on PGlite and on PostgreSQL. Targets: p95 under 50 ms on PostgreSQL and 150 ms on PGlite. Run with
 * `npm run bench` or alone with `npx tsx tests/bench/users-grid.ts`. Prints figures; never fails.
 */
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 150, PostgreSQL: 50 } as const;

/** The grid's requests: what an administrator does most (filter by client, sort a column, page). */
function scenarios(clientId: number): { name: string; query: string }[] {
  return [
    { name: 'one client, sorted by last name', query: `client_id=${clientId}&sort=last_name&dir=asc&start=0&size=100` },
    { name: 'one client, by e-mail, page 50', query: `client_id=${clientId}&sort=email&dir=desc&start=5000&size=100` },
    { name: 'disabled users by first name', query: 'status=disabled&sort=first_name&dir=asc&start=0&size=100' },
    { name: 'all users, newest first', query: 'sort=created_at&dir=desc&start=0&size=100' },
    { name: 'search "okafor" by last name', query: `q=okafor&sort=last_name&dir=asc&start=0&size=100` },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchUsersGrid(database: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-grid-'));
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
    SESSION_SECRET: 'g'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    ...(schema ? { DATABASE_URL: PG_URL } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: database === 'PGlite' ? 'memory://' : dataDir }, { schema });
  const clients = (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);
  const role = await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const seeded = Date.now();
  await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status, created_at)
    SELECT (${sql.val(FIRST)}::text[])[1 + (i * 7) % ${FIRST.length}], (${sql.val(LAST)}::text[])[1 + (i * 13) % ${LAST.length}],
      'user' || i || '@bench.example', (${sql.val(clients)}::int[])[1 + i % ${clients.length}], ${role.id}, 'Europe',
      CASE WHEN i % 20 = 0 THEN 'disabled' ELSE 'active' END, now() - (i || ' minutes')::interval
    FROM generate_series(1, ${USERS}) AS i`.execute(ctx.db);
  // A steady-state table: statistics gathered and the visibility map set (as autovacuum leaves it).
  await sql`VACUUM ANALYZE users`.execute(ctx.db);
  const seedSeconds = (Date.now() - seeded) / 1000;
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await signIn(url, 'admin@ergoportal.example');
  const results: { scenario: string; p50: number; p95: number; total: number }[] = [];
  for (const s of scenarios(clients[clients.length - 1])) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < SAMPLES + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/blogs/api/admin/users?${s.query}`, { headers });
      const body = (await response.json()) as { success: boolean };
      if (!response.ok || !body.success) throw new Error(`${s.name}: HTTP ${response.status}`);
      if (i >= 5) times.push(performance.now() - started); // the first few warm the caches
      total++;
    }
    times.sort((a, b) => a - b);
    results.push({ scenario: s.name, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  await app.close();
  await ctx.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  }
  return { database, seedSeconds, results };
}

export async function runUsersGridBench(): Promise<void> {
  console.log(
    `\nUsers grid on ${USERS.toLocaleString('en')} users: one page of 100 rows with its total, ${SAMPLES} sequential requests per scenario\n`,
  );
  console.log(['database'.padEnd(11), 'scenario'.padEnd(36), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(8)].join(' '));
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const run = await benchUsersGrid(database);
    for (const r of run.results) {
      const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
      console.log(
        [database.padEnd(11), r.scenario.padEnd(36), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), verdict.padStart(8)].join(
          ' ',
        ),
      );
    }
    console.log(`${database}: ${USERS.toLocaleString('en')} users seeded in ${run.seedSeconds.toFixed(1)} s`);
  }
}

if (process.argv[1]?.endsWith('users-grid.ts')) await runUsersGridBench();
