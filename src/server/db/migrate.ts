import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');

/** The numbered SQL files of src/server/migrations, in the order they run. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}

/**
 * Runs the numbered SQL files of src/server/migrations that have not run yet, each in its own
 * transaction, in file-name order (docs/architecture.md "Migrations").
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );
  const done = new Set((await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db)).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if (done.has(file)) continue;
    const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
    });
    applied.push(file);
  }
  return applied;
}
