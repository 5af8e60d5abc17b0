import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import { attentionItems } from '../../src/server/api/dashboards/overview-attention';
import { headlineFigures } from '../../src/server/api/dashboards/overview-headline';
import { outcomeFigures } from '../../src/server/api/dashboards/overview-outcomes';

/** The defaults of migration 038, as a client that set none. */
const OUTCOME_TARGETS = {
  moved_out_target_pct: 50,
  rosa_drop_target: 1,
  discomfort_drop_target_pct: 10,
  overdue_ceiling_pct: 20,
  cost_per_move_target: 500,
  equipment_currency: 'EUR',
};
import { addMonths, periodOf, type OverviewParams } from '../../src/server/domain/dashboards/overview-params';
import type { Caller } from '../../src/server/context';
import type { Database } from '../../src/server/db/schema';
import { decodeReplyData } from '../../src/shared/envelope';
import { seedBigData } from './big-seed';
import { signIn } from './server';

/**
 * Programme overview (GET /blogs/api/dashboards/program-overview, SPEC §2 /program-overview) for the
 * largest client of the big seed (100,000 employees across 50 clients, 1,000,000 self-assessments,
 * 50,000 evaluations and their follow-ups; tests/bench/big-seed.ts): the default period (last 12
 * months), a region filter, and the default period in a reader's time zone behind UTC (the UTC rollups
 * corrected by the attempts between their month boundaries and UTC's, overview-rollups.ts), as a client manager assigned to
 * the client asks for them, one request at a time, on PGlite and PostgreSQL. Every answer holds the
 * headline figures with their previous period and the needs-your-attention panel (checked here); the
 * headline and attention parts are also timed alone. Targets: p95 under 150 ms on PostgreSQL, 600 ms
 * on PGlite.
 * Run with `npm run bench` or alone: `npx tsx tests/bench/program-overview.ts [pglite|postgres]`;
 * BENCH_EMPLOYEES, BENCH_ATTEMPTS and BENCH_EVALUATIONS shrink the seed. Prints figures; never fails.
 * BENCH_OVERVIEW_KEEP_PG (the URL of a database of its own) and BENCH_OVERVIEW_KEEP_PGLITE (a directory)
 * keep the seed there and reuse it on the next run instead of seeding again, and BENCH_PG_SCHEMA=<name>
 * does the same in a PostgreSQL schema of that name (the seed's dates are relative to the day it was
 * written, so reuse it the same day).
 */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1_000_000);
const EVALUATIONS = Number(process.env.BENCH_EVALUATIONS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const PG_URL = process.env.TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { PGlite: 600, PostgreSQL: 150 } as const;
/** The tables the overview reads. */
const OVERVIEW_TABLES = [
  'users',
  'user_counts',
  'assessment_attempts',
  'latest_self_assessments',
  'dashboard_month_facts',
  'dashboard_month_people',
  'evaluation_requests',
  'evaluations',
  'follow_ups',
];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function admin(query: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(query);
  await c.end();
}

/** The large client of a seed kept from an earlier run, with its employees and the seconds that seed took (none). */
async function keptSeed(db: Kysely<Database>) {
  const large = await db.selectFrom('clients').select('id').where('company_name', '=', 'Bench Large Holdings').executeTakeFirst();
  if (!large) return null;
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', large.id)
    .where('email', 'like', '%@bench.example')
    .where('email', 'not like', '%.evaluator%')
    .executeTakeFirstOrThrow();
  return { largeClientId: large.id, seconds: { total: 0 }, counts: { largeClientEmployees: Number(n) } };
}

export async function benchProgramOverview(database: 'PGlite' | 'PostgreSQL') {
  const keptSchema = database === 'PostgreSQL' ? process.env.BENCH_PG_SCHEMA : undefined;
  const keep = database === 'PostgreSQL' ? (process.env.BENCH_OVERVIEW_KEEP_PG ?? keptSchema) : process.env.BENCH_OVERVIEW_KEEP_PGLITE;
  const dataDir = keep && database === 'PGlite' ? keep : mkdtempSync(join(tmpdir(), 'ergoportal-overview-'));
  const schema = database === 'PostgreSQL' && (!keep || keptSchema) ? (keptSchema ?? `bench_${randomBytes(4).toString('hex')}`) : undefined;
  if (schema) await admin(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const memory = database === 'PGlite' && !keep;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: memory ? 'memory://' : dataDir,
    SESSION_SECRET: 'o'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    DEMO_HISTORY: '0',
    ...(schema ? { DATABASE_URL: PG_URL } : keep && database === 'PostgreSQL' ? { DATABASE_URL: keep } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: memory ? 'memory://' : dataDir }, { schema });
  try {
    const kept = keep ? await keptSeed(ctx.db) : null;
    // A kept seed may just have been migrated: its new tables and indexes are analyzed and their
    // visibility map set, as autovacuum leaves them (PGlite has no autovacuum).
    if (kept) for (const table of OVERVIEW_TABLES) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(ctx.db);
    const seeded = kept ?? (await seedBigData(ctx.db, { employees: EMPLOYEES, attempts: ATTEMPTS, evaluations: EVALUATIONS }));
    const client = seeded.largeClientId;
    // The demo client manager, assigned to the large client as an administrator would.
    const manager = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'clientmanager@ergoportal.example')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('staff_client_assignments')
      .values({ user_id: manager.id, client_id: client })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .execute();
    const app = await buildApp(ctx);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await signIn(url, 'clientmanager@ergoportal.example');
    const results: { scenario: string; p50: number; p95: number; participants: unknown }[] = [];
    for (const [scenario, query] of [
      ['last 12 months', `client_id=${client}`],
      [
        '24 months, one region',
        `client_id=${client}&from_month=${new Date(Date.now() - 700 * 86400e3).toISOString().slice(0, 7)}&region=Europe`,
      ],
      ['12 months, Los Angeles', `client_id=${client}&tz=America/Los_Angeles`],
    ]) {
      const times: number[] = [];
      let participants: unknown;
      for (let i = 0; i < SAMPLES + 3; i++) {
        const started = performance.now();
        const response = await fetch(`${url}/blogs/api/dashboards/program-overview?${query}`, { headers });
        const body = (await response.json()) as { success: boolean; data?: unknown };
        if (!response.ok || !body.success) throw new Error(`${scenario}: HTTP ${response.status}`);
        const data = decodeReplyData(body.data) as {
          participants: unknown;
          headline?: { figures: { previous: unknown }[] };
          attention?: { overdue_follow_ups: unknown };
        };
        // The previous-period comparison and the attention panel are part of every answer measured.
        if (data.headline?.figures.length !== 6 || !data.attention?.overdue_follow_ups)
          throw new Error(`${scenario}: no headline figures or attention panel`);
        participants = data.participants;
        if (i >= 3) times.push(performance.now() - started); // the first few warm the caches
      }
      times.sort((a, b) => a - b);
      results.push({ scenario, p50: percentile(times, 50), p95: percentile(times, 95), participants });
    }
    // The headline figures (this period and the previous one) and the attention panel alone, default period.
    // As the client manager calls them: not the client's programme manager, so no approvals list.
    const caller = { userId: manager.id, clientId: -1, permissions: [] } as unknown as Caller;
    const thisMonth = new Date().toISOString().slice(0, 7);
    const params = periodOf(
      { clientId: client, zone: 'UTC', regions: [] } as unknown as OverviewParams,
      addMonths(thisMonth, -11),
      thisMonth,
    );
    for (const [scenario, part] of [
      ['  headline + previous', () => headlineFigures(ctx.db, params, { participation: 60, highRisk: 15 })],
      ['  attention panel', () => attentionItems(ctx.db, caller, params, new Date())],
      ['  risk-reduction panel', () => outcomeFigures(ctx.db, params, OUTCOME_TARGETS, new Date())],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 3; i++) {
        const started = performance.now();
        await part();
        if (i >= 3) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ scenario, p50: percentile(times, 50), p95: percentile(times, 95), participants: null });
    }
    await app.close();
    return { database, seedSeconds: seeded.seconds.total, largeClientEmployees: seeded.counts.largeClientEmployees, results };
  } finally {
    await ctx.db.destroy();
    if (dataDir !== keep) rmSync(dataDir, { recursive: true, force: true });
    if (schema && schema !== keptSchema) await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

export async function runProgramOverviewBench(which: readonly ('PGlite' | 'PostgreSQL')[] = ['PGlite', 'PostgreSQL']): Promise<void> {
  console.log(
    `\nProgramme overview of the largest client: ${EMPLOYEES.toLocaleString('en')} employees, ${ATTEMPTS.toLocaleString('en')} self-assessments, ${EVALUATIONS.toLocaleString('en')} evaluations; ${SAMPLES} sequential requests (load average ${loadavg()[0].toFixed(1)})\n`,
  );
  console.log(['database'.padEnd(11), 'scenario'.padEnd(24), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  for (const database of which) {
    const run = await benchProgramOverview(database);
    for (const r of run.results) {
      const verdict = r.p95 < TARGET[database] ? `<${TARGET[database]} ok` : `>${TARGET[database]} SLOW`;
      console.log(
        [database.padEnd(11), r.scenario.padEnd(24), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), verdict.padStart(10)].join(
          ' ',
        ),
      );
    }
    console.log(
      `${database}: seeded in ${run.seedSeconds.toFixed(1)} s (large client ${run.largeClientEmployees.toLocaleString('en')} employees); load average ${loadavg()[0].toFixed(1)}`,
    );
  }
}

if (process.argv[1]?.endsWith('program-overview.ts')) {
  const arg = process.argv[2];
  await runProgramOverviewBench(arg === 'pglite' ? ['PGlite'] : arg === 'postgres' ? ['PostgreSQL'] : undefined);
}
