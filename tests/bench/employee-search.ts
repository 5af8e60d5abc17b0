import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { seedEmployees } from '../helpers/employee-seed';
import { signIn } from './server';

/**
 * Employee search (GET /blogs/api/employees, SPEC §2 /user/employee-search) on 100,000 employees
 * across 50 clients (2,000 each, two thirds with self-assessments, one in eleven with an open
 * request): the time of one page as the programme manager's browser asks for it, signed in, one
 * request at a time, on PGlite and PostgreSQL. Targets: p95 under 50 ms on PostgreSQL and 150 ms on
 * PGlite. Run with `npm run bench` or alone with `npx tsx tests/bench/employee-search.ts`. Prints
 * figures; never fails.
 */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const CLIENTS = 50;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const PG_URL = process.env.TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 150, PostgreSQL: 50 } as const;

const SCENARIOS: { name: string; query: string }[] = [
  { name: 'first page by name', query: 'sort=name&size=100' },
  { name: 'name prefix "okaf"', query: 'q=okaf&size=100' },
  { name: 'e-mail prefix "seed12"', query: 'q=seed12&size=100' },
  { name: 'high band, latest first', query: 'band=high&sort=last_assessment&dir=desc&size=100' },
  { name: 'open requests, by e-mail', query: 'open_requests=yes&sort=email&size=100' },
  {
    name: 'region + 90 days, page 5',
    query: `region=Europe&from=${new Date(Date.now() - 90 * 86400e3).toISOString().slice(0, 10)}&start=400&size=100`,
  },
  { name: 'no assessment yet, by score', query: 'band=none&sort=score&dir=desc&size=100' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchEmployeeSearch(database: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-employees-'));
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
    SESSION_SECRET: 'e'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    ...(schema ? { DATABASE_URL: PG_URL } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: database === 'PGlite' ? 'memory://' : dataDir }, { schema });
  const seeded = Date.now();
  const existing = (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);
  // Clients up to 50, in one statement.
  await sql`INSERT INTO clients (company_name, company_code) SELECT 'Bench client ' || g, 'BENCH' || g FROM generate_series(1, ${CLIENTS - existing.length}) g`.execute(
    ctx.db,
  );
  const clients = (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);
  await seedEmployees(ctx.db, clients, Math.round(EMPLOYEES / clients.length));
  // A steady-state table: statistics gathered and the visibility map set (as autovacuum leaves it).
  await sql`VACUUM ANALYZE users`.execute(ctx.db);
  await sql`VACUUM ANALYZE assessment_attempts`.execute(ctx.db);
  await sql`VACUUM ANALYZE evaluation_requests`.execute(ctx.db);
  const seedSeconds = (Date.now() - seeded) / 1000;
  const employees = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE email LIKE 'seed%'`.execute(ctx.db)).rows[0].n);
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The programme manager searches their own client (Northwind, one of the 50).
  const headers = await signIn(url, 'manager@northwind.example');
  const results: { scenario: string; p50: number; p95: number; total: number }[] = [];
  for (const s of SCENARIOS) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < SAMPLES + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/blogs/api/employees?${s.query}`, { headers });
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
  return { database, seedSeconds, employees, results };
}

export async function runEmployeeSearchBench(): Promise<void> {
  console.log(
    `\nEmployee search on ${EMPLOYEES.toLocaleString('en')} employees across ${CLIENTS} clients: one page with its total, ${SAMPLES} sequential requests per scenario\n`,
  );
  console.log(['database'.padEnd(11), 'scenario'.padEnd(32), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const run = await benchEmployeeSearch(database);
    for (const r of run.results) {
      const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
      console.log(
        [database.padEnd(11), r.scenario.padEnd(32), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), verdict.padStart(10)].join(
          ' ',
        ),
      );
    }
    console.log(`${database}: ${run.employees.toLocaleString('en')} employees seeded in ${run.seedSeconds.toFixed(1)} s`);
  }
}

if (process.argv[1]?.endsWith('employee-search.ts')) await runEmployeeSearchBench();
