import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/create-context';
import type { Database } from '../../src/server/db/schema';
import { signIn } from './server';

/**
 * What the programme manager's benches share (equipment.ts, training.ts): a product on PGlite (in
 * memory) or in a schema of its own on PostgreSQL, seeded by the bench, the demo programme manager
 * moved to the seed's large client and signed in, and each scenario's call timed one request at a
 * time (a few warm-up requests first). Prints nothing; the bench prints its own table.
 */
export type BenchDatabase = 'PGlite' | 'PostgreSQL';
export interface Scenario {
  readonly name: string;
  /** The call's path under /blogs/api/ and its query. */
  readonly path: string;
  readonly query: string;
}
export interface Timing {
  readonly scenario: string;
  readonly p50: number;
  readonly p95: number;
}

const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WARM_UP = 5;

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * A PostgreSQL schema to keep between runs (a bench's BENCH_PG_SCHEMA): created and seeded when empty,
 * else `reuse` finds what an earlier run seeded (null: seed again), and it is never dropped, so later
 * runs measure without seeding and new migrations apply to it on start.
 */
export interface KeptSchema<S> {
  readonly name: string;
  readonly reuse: (db: Kysely<Database>) => Promise<S | null>;
}

export async function timeManagerCalls<S extends { readonly largeClientId: number }>(
  database: BenchDatabase,
  seed: (db: Kysely<Database>) => Promise<S>,
  scenarios: readonly Scenario[],
  samples: number,
  keptSchema?: KeptSchema<S>,
): Promise<{ seeded: S; results: Timing[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-bench-'));
  const kept = database === 'PostgreSQL' ? keptSchema : undefined;
  const schema = database === 'PostgreSQL' ? (kept?.name ?? `bench_${randomBytes(4).toString('hex')}`) : undefined;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  if (schema) await admin(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: database === 'PGlite' ? 'memory://' : dataDir,
    SESSION_SECRET: 'g'.repeat(48),
    WEB_DIR: join(dataDir, 'none'),
    ...(schema ? { DATABASE_URL: PG_URL } : {}),
  });
  const ctx = await createContext({ ...config, dataDir: database === 'PGlite' ? 'memory://' : dataDir }, { schema });
  const seeded = (kept ? await kept.reuse(ctx.db) : null) ?? (await seed(ctx.db));
  await ctx.db.updateTable('users').set({ client_id: seeded.largeClientId }).where('email', '=', 'manager@northwind.example').execute();
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: Timing[] = [];
  for (const s of scenarios) {
    // Signed in afresh for each scenario, so a slow run outlasting a session's idle time still measures.
    const headers = await signIn(url, 'manager@northwind.example');
    const times: number[] = [];
    for (let i = 0; i < samples + WARM_UP; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/blogs/api/${s.path}?${s.query}`, { headers });
      const body = (await response.json()) as { success: boolean };
      if (!response.ok || !body.success) throw new Error(`${s.name}: HTTP ${response.status}`);
      if (i >= WARM_UP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ scenario: s.name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  await app.close();
  await ctx.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema && !kept) await admin(`DROP SCHEMA ${schema} CASCADE`);
  return { seeded, results };
}

/** One line of a bench's table: database, scenario, p50, p95 and the verdict against the target. */
export function timingLine(database: BenchDatabase, r: Timing, target: number, width: number): string {
  const verdict = r.p95 < target ? `<${target} ok` : `>${target} SLOW`;
  return [
    database.padEnd(11),
    r.scenario.padEnd(width),
    r.p50.toFixed(1).padStart(8),
    r.p95.toFixed(1).padStart(8),
    verdict.padStart(10),
  ].join(' ');
}
