import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { seedBigData } from './big-seed';
import { seedBigTraining } from './big-seed-training';
import { signIn } from './server';

/**
 * The programme manager's training figures (docs/product.md "Training: the programme manager's
 * figures"): the Program Overview's Training panel (GET /blogs/api/dashboards/program-overview/training)
 * and a page of Training Activity (GET /blogs/api/dashboards/training/rows) on the big seed's 100,000
 * employees with 500,000 enrolments (tests/bench/big-seed-training.ts), signed in, one request at a
 * time, on PGlite and on PostgreSQL. Targets: p95 under 150 ms on PostgreSQL and 600 ms on PGlite. Run
 * with `npm run bench` (BENCH_TRAINING=0 skips it) or alone with `npx tsx tests/bench/training.ts`.
 * Prints figures; never fails.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const EMPLOYEES = Number(process.env.BENCH_TRAINING_EMPLOYEES ?? 100_000);
const ENROLMENTS = Number(process.env.BENCH_TRAINING_ENROLMENTS ?? 500_000);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 600, PostgreSQL: 150 } as const;
const since = (days: number) => new Date(Date.now() - days * 86400e3).toISOString().slice(0, 10);
const SCENARIOS = [
  { name: 'panel, last 12 months', path: 'dashboards/program-overview/training', query: '' },
  {
    name: 'panel, 24 months, one region',
    path: 'dashboards/program-overview/training',
    query: `from_month=${since(700).slice(0, 7)}&region=Europe`,
  },
  { name: 'activity, newest first', path: 'dashboards/training/rows', query: 'start=0&size=100' },
  { name: 'activity, overdue, 24 months', path: 'dashboards/training/rows', query: `from=${since(700)}&state=overdue&start=0&size=100` },
  {
    name: 'activity, one course by score',
    path: 'dashboards/training/rows',
    query: 'course=display-screen&sort=score&dir=desc&start=0&size=100',
  },
  { name: 'activity, search a name', path: 'dashboards/training/rows', query: 'q=okafor&start=0&size=100' },
];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchTraining(database: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-training-'));
  const schema = database === 'PostgreSQL' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  if (schema) await admin(`CREATE SCHEMA ${schema}`);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: database === 'PGlite' ? 'memory://' : dataDir,
    SESSION_SECRET: 'g'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    ...(schema ? { DATABASE_URL: PG_URL } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: database === 'PGlite' ? 'memory://' : dataDir }, { schema });
  const seeded = await seedBigData(ctx.db, {
    clients: 10,
    employees: EMPLOYEES,
    largeShare: 0.6,
    attempts: 5_000,
    evaluations: 200,
    evaluators: 2,
  });
  const started = performance.now();
  await seedBigTraining(ctx.db, seeded.tag, ENROLMENTS);
  const seedSeconds = (performance.now() - started) / 1000;
  // The demo programme manager manages the large client for the bench.
  await ctx.db.updateTable('users').set({ client_id: seeded.largeClientId }).where('email', '=', 'manager@northwind.example').execute();
  const count = await ctx.db
    .selectFrom('training_enrolments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', seeded.largeClientId)
    .executeTakeFirstOrThrow();
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await signIn(url, 'manager@northwind.example');
  const results: { scenario: string; p50: number; p95: number }[] = [];
  for (const s of SCENARIOS) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/blogs/api/${s.path}?${s.query}`, { headers });
      const body = (await response.json()) as { success: boolean };
      if (!response.ok || !body.success) throw new Error(`${s.name}: HTTP ${response.status}`);
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ scenario: s.name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  await app.close();
  await ctx.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
  return { enrolments: Number(count.n), seedSeconds, results };
}

export async function runTrainingBench(): Promise<void> {
  console.log(`\nTraining figures: the overview's panel and a page of Training Activity, ${SAMPLES} sequential requests per scenario\n`);
  console.log(['database'.padEnd(11), 'scenario'.padEnd(34), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const run = await benchTraining(database);
    for (const r of run.results) {
      const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
      console.log(
        [database.padEnd(11), r.scenario.padEnd(34), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), verdict.padStart(10)].join(
          ' ',
        ),
      );
    }
    console.log(
      `${database}: ${run.enrolments.toLocaleString('en')} enrolments in the large client, training seeded in ${run.seedSeconds.toFixed(1)} s`,
    );
  }
}

if (process.argv[1]?.endsWith('training.ts')) await runTrainingBench();
