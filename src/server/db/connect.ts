import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  readonly url?: string;
  readonly dataDir: string;
  /** PostgreSQL schema to use (tests isolate each server in its own schema). */
  readonly schema?: string;
}

// BIGINT ids (bigserial) arrive as strings; counts stay exact.
pg.types.setTypeParser(20, (v) => v);

/** Opens Kysely on PostgreSQL (DATABASE_URL) or on PGlite on disk (ARCHITECTURE.md "Database"). */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the users grid's text search with an index (migration 008), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir === 'memory://' ? undefined : options.dataDir, { extensions: { pg_trgm } });
  return new Kysely<Database>({ dialect: new PGliteDialect(db) });
}
