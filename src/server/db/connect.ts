import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { preparedName } from './prepared';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  readonly url?: string;
  readonly dataDir: string;
  /** PostgreSQL schema to use (tests isolate each server in its own schema). */
  readonly schema?: string;
}

/**
 * PostgreSQL settings for the embedded database. PGlite is one process serving one server, and its
 * files sit in the operating system's page cache, so PostgreSQL's 128 MB default for shared buffers
 * only grows the WebAssembly heap (which never shrinks): 32 MB holds the hot tables many times over.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

// BIGINT ids (bigserial) arrive as strings; counts stay exact.
pg.types.setTypeParser(20, (v) => v);

/**
 * The pool as Kysely sees it, except that SQL declared with `prepared` (db/prepared.ts) runs as a
 * named prepared statement: pg prepares it on first use on each connection and binds it after that.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: string, values?: readonly unknown[]) => {
        const name = typeof text === 'string' ? preparedName(text) : undefined;
        return name ? client.query({ name, text, values: values as unknown[] }) : client.query(text, values as unknown[]);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Opens Kysely on PostgreSQL (DATABASE_URL) or on PGlite on disk (ARCHITECTURE.md "Database"). */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
    mkdirSync(options.dataDir, { recursive: true });
    await promisify(execFile)(process.execPath, [join(import.meta.dirname, 'pglite-initdb.mjs'), options.dataDir, JSON.stringify(startParams)]);
  }
  // pg_trgm backs the users grid's text search with an index (migration 008), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(inMemory ? undefined : options.dataDir, { startParams, extensions: { pg_trgm } });
  return new Kysely<Database>({ dialect: new PGliteDialect(db) });
}
