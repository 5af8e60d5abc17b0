import { seedBigData } from './big-seed';
import { seedBigTraining } from './big-seed-training';
import { sql } from 'kysely';
import { timeManagerCalls, timingLine, type BenchDatabase, type KeptSchema } from './manager-calls';

/**
 * The programme manager's training figures (docs/product.md "Training: the programme manager's
 * figures"): the Program Overview's Training panel (GET /blogs/api/dashboards/program-overview/training)
 * and a page of Training Activity (GET /blogs/api/dashboards/training/rows) on the big seed's 100,000
 * employees with 500,000 enrolments (tests/bench/big-seed-training.ts), signed in, one request at a
 * time, on PGlite and on PostgreSQL. Targets: p95 under 150 ms on PostgreSQL and 600 ms on PGlite. Run
 * with `npm run bench` (BENCH_TRAINING=0 skips it) or alone with `npx tsx tests/bench/training.ts
 * [pglite|postgres]`; BENCH_PG_SCHEMA=<name> seeds that PostgreSQL schema once and keeps it for later
 * runs. Prints figures; never fails.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const EMPLOYEES = Number(process.env.BENCH_TRAINING_EMPLOYEES ?? 100_000);
const ENROLMENTS = Number(process.env.BENCH_TRAINING_ENROLMENTS ?? 500_000);
const TARGET = { PGlite: 600, PostgreSQL: 150 } as const;
const since = (days: number) => new Date(Date.now() - days * 86400e3).toISOString().slice(0, 10);
const PANEL = 'dashboards/program-overview/training';
const ROWS = 'dashboards/training/rows';
const SCENARIOS = [
  { name: 'panel, last 12 months', path: PANEL, query: '' },
  { name: 'panel, 24 months, one region', path: PANEL, query: `from_month=${since(700).slice(0, 7)}&region=Europe` },
  { name: 'activity, newest first', path: ROWS, query: 'start=0&size=100' },
  { name: 'activity, overdue, 24 months', path: ROWS, query: `from=${since(700)}&state=overdue&start=0&size=100` },
  { name: 'activity, one course by score', path: ROWS, query: 'course=display-screen&sort=score&dir=desc&start=0&size=100' },
  { name: 'activity, search a name', path: ROWS, query: 'q=okafor&start=0&size=100' },
];

interface Seeded {
  readonly largeClientId: number;
  readonly enrolments: number;
  readonly seedSeconds: number;
}

/** The client with the most enrolments in a kept schema, when an earlier run seeded it in full. */
const KEPT: KeptSchema<Seeded> | undefined =
  process.env.BENCH_PG_SCHEMA && /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_PG_SCHEMA)
    ? {
        name: process.env.BENCH_PG_SCHEMA,
        reuse: async (db) => {
          const { rows } = await sql<{ client_id: number; n: string }>`SELECT client_id, count(*) AS n FROM training_enrolments
            GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`.execute(db);
          const top = rows[0];
          return top && Number(top.n) >= ENROLMENTS / 4
            ? { largeClientId: top.client_id, enrolments: Number(top.n), seedSeconds: 0 }
            : null;
        },
      }
    : undefined;

async function benchTraining(database: BenchDatabase) {
  const { seeded, results } = await timeManagerCalls(
    database,
    async (db) => {
      const big = await seedBigData(db, {
        clients: 10,
        employees: EMPLOYEES,
        largeShare: 0.6,
        attempts: 5_000,
        evaluations: 200,
        evaluators: 2,
      });
      const started = performance.now();
      await seedBigTraining(db, big.tag, ENROLMENTS);
      const seedSeconds = (performance.now() - started) / 1000;
      const count = await db
        .selectFrom('training_enrolments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client_id', '=', big.largeClientId)
        .executeTakeFirstOrThrow();
      return { largeClientId: big.largeClientId, enrolments: Number(count.n), seedSeconds };
    },
    SCENARIOS,
    SAMPLES,
    KEPT,
  );
  return { ...seeded, results };
}

/** `only`: 'pglite' or 'postgres' runs that database alone. */
export async function runTrainingBench(only?: string): Promise<void> {
  console.log(`\nTraining figures: the overview's panel and a page of Training Activity, ${SAMPLES} sequential requests per scenario\n`);
  console.log(['database'.padEnd(11), 'scenario'.padEnd(34), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  const databases = (['PGlite', 'PostgreSQL'] as const).filter((d) => !only || d.toLowerCase().startsWith(only.slice(0, 2)));
  for (const database of databases) {
    const run = await benchTraining(database);
    for (const r of run.results) console.log(timingLine(database, r, TARGET[database], 34));
    console.log(
      `${database}: ${run.enrolments.toLocaleString('en')} enrolments in the large client, training seeded in ${run.seedSeconds.toFixed(1)} s`,
    );
  }
}

if (process.argv[1]?.endsWith('training.ts')) await runTrainingBench(process.argv[2]);
