import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { seedBigData } from './big-seed';
import { signIn } from './server';

/**
 * The programme manager's equipment grid (docs/product.md "Equipment"; GET /blogs/api/equipment/requests/rows)
 * on a client with 50,000 requests (tests/bench/big-seed-equipment.ts): one page with its total, signed
 * in, one request at a time, on PGlite and on PostgreSQL. Targets: p95 under 50 ms on PostgreSQL and
 * 150 ms on PGlite. Run with `npm run bench` or alone with `npx tsx tests/bench/equipment.ts`. Prints
 * figures; never fails.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 150, PostgreSQL: 50 } as const;
const SCENARIOS = [
  { name: 'newest first (the default)', query: 'start=0&size=100' },
  { name: 'waiting for approval', query: 'state=requested&start=0&size=100' },
  { name: 'page 50, oldest first', query: 'sort=created_at&dir=asc&start=5000&size=100' },
  { name: 'seating, by amount', query: 'category=seating&sort=total_cents&dir=desc&start=0&size=100' },
  { name: 'search "okafor"', query: 'q=okafor&start=0&size=100' },
];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchEquipment(database: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-equipment-'));
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
    clients: 3,
    employees: 20_000,
    largeShare: 0.6,
    attempts: 2_000,
    evaluations: 200,
    evaluators: 2,
  });
  // The demo programme manager manages the large client for the bench.
  await ctx.db.updateTable('users').set({ client_id: seeded.largeClientId }).where('email', '=', 'manager@northwind.example').execute();
  const count = await ctx.db
    .selectFrom('equipment_requests')
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
      const response = await fetch(`${url}/blogs/api/equipment/requests/rows?${s.query}`, { headers });
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
  return { requests: Number(count.n), seedSeconds: seeded.seconds.equipment ?? 0, results };
}

export async function runEquipmentBench(): Promise<void> {
  console.log(`\nEquipment grid: one page of 100 requests with its total, ${SAMPLES} sequential requests per scenario\n`);
  console.log(['database'.padEnd(11), 'scenario'.padEnd(30), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const run = await benchEquipment(database);
    for (const r of run.results) {
      const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
      console.log(
        [database.padEnd(11), r.scenario.padEnd(30), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), verdict.padStart(10)].join(
          ' ',
        ),
      );
    }
    console.log(`${database}: ${run.requests.toLocaleString('en')} requests of one client, seeded in ${run.seedSeconds.toFixed(1)} s`);
  }
}

if (process.argv[1]?.endsWith('equipment.ts')) await runEquipmentBench();
