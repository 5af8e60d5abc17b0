import { sql } from 'kysely';
import { seedBigData } from './big-seed';
import { timeManagerCalls, timingLine, type BenchDatabase, type KeptSchema } from './manager-calls';

/**
 * The programme manager's equipment grid (docs/product.md "Equipment"; GET /blogs/api/equipment/requests/rows)
 * on a client with 50,000 requests (tests/bench/big-seed-equipment.ts): one page with its total, signed
 * in, one request at a time, on PGlite and on PostgreSQL. Targets: p95 under 50 ms on PostgreSQL and
 * 150 ms on PGlite. Run with `npm run bench` or alone with `npx tsx tests/bench/equipment.ts [pglite|postgres]`;
 * BENCH_PG_SCHEMA=<name> seeds that PostgreSQL schema once and keeps it for later runs. Prints figures;
 * never fails.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET = { PGlite: 150, PostgreSQL: 50 } as const;
const ROWS = 'equipment/requests/rows';
const SCENARIOS = [
  { name: 'newest first (the default)', path: ROWS, query: 'start=0&size=100' },
  { name: 'waiting for approval', path: ROWS, query: 'state=requested&start=0&size=100' },
  { name: 'page 50, oldest first', path: ROWS, query: 'sort=created_at&dir=asc&start=5000&size=100' },
  { name: 'seating, by amount', path: ROWS, query: 'category=seating&sort=total_cents&dir=desc&start=0&size=100' },
  { name: 'search "okafor"', path: ROWS, query: 'q=okafor&start=0&size=100' },
];

/** What the seed reports: the large client, its requests and the seeding time. */
interface Seeded {
  readonly largeClientId: number;
  readonly requests: number;
  readonly seedSeconds: number;
}

/**
 * A PostgreSQL schema seeded by an earlier run (BENCH_PG_SCHEMA): kept, seeded only when empty; the seed
 * below finds an earlier run's requests itself, so `reuse` always seeds through it.
 */
const KEPT_SCHEMA: KeptSchema<Seeded> | undefined = process.env.BENCH_PG_SCHEMA
  ? { name: process.env.BENCH_PG_SCHEMA, reuse: async () => null }
  : undefined;

async function benchEquipment(database: BenchDatabase) {
  const { seeded, results } = await timeManagerCalls(
    database,
    async (db) => {
      const { rows: earlier } = await sql<{ client_id: number; n: string }>`
        SELECT client_id, count(*) AS n FROM equipment_requests GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`.execute(db);
      if (earlier[0] && Number(earlier[0].n) >= 10_000) {
        // Statistics of indexes a later migration added, and the visibility map, as autovacuum leaves them.
        for (const table of ['equipment_requests', 'equipment_items', 'users']) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
        return { largeClientId: earlier[0].client_id, requests: Number(earlier[0].n), seedSeconds: 0 };
      }
      const big = await seedBigData(db, {
        clients: 3,
        employees: 20_000,
        largeShare: 0.6,
        attempts: 2_000,
        evaluations: 200,
        evaluators: 2,
      });
      const count = await db
        .selectFrom('equipment_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client_id', '=', big.largeClientId)
        .executeTakeFirstOrThrow();
      return { largeClientId: big.largeClientId, requests: Number(count.n), seedSeconds: big.seconds.equipment ?? 0 };
    },
    SCENARIOS,
    SAMPLES,
    KEPT_SCHEMA,
  );
  return { ...seeded, results };
}

export async function runEquipmentBench(only?: string): Promise<void> {
  console.log(`\nEquipment grid: one page of 100 requests with its total, ${SAMPLES} sequential requests per scenario\n`);
  console.log(['database'.padEnd(11), 'scenario'.padEnd(30), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(10)].join(' '));
  const databases = (['PGlite', 'PostgreSQL'] as const).filter((d) => !only || (only === 'pglite') === (d === 'PGlite'));
  for (const database of databases) {
    const run = await benchEquipment(database);
    for (const r of run.results) console.log(timingLine(database, r, TARGET[database], 30));
    console.log(`${database}: ${run.requests.toLocaleString('en')} requests of one client, seeded in ${run.seedSeconds.toFixed(1)} s`);
  }
}

if (process.argv[1]?.endsWith('equipment.ts')) await runEquipmentBench(process.argv[2]);
