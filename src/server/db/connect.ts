import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { DurableNodeFS, durableStartParams, syncTree } from './durable-nodefs';
import { preparedName } from './prepared';
import { allowCallerCache, CALLER_DATA_CHANNEL, callerDataChanged, createWriteTracker, type WriteTracker } from './caller-data-changes';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  readonly url?: string;
  readonly dataDir: string;
  /** PostgreSQL schema to use (tests isolate each server in its own schema). */
  readonly schema?: string;
  /** PGlite only: fill a new data folder from this data-folder dump (`npm run restore`) instead of initdb. */
  readonly loadDataDir?: Blob;
}

/**
 * PostgreSQL settings for the embedded database. PGlite is one process serving one server, and its
 * files sit in the operating system's page cache, so PostgreSQL's 128 MB default for shared buffers
 * only grows the WebAssembly heap (which never shrinks): 32 MB holds the hot tables many times over.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

// BIGINT ids (bigserial) arrive as strings; counts stay exact.
pg.types.setTypeParser(20, (v) => v);

/** Each pooled connection's write tracker (its transaction state lives as long as the connection). */
const trackers = new WeakMap<pg.PoolClient, WriteTracker>();

/**
 * The pool as Kysely sees it, except that SQL declared with `prepared` (db/prepared.ts) runs as a
 * named prepared statement: pg prepares it on first use on each connection and binds it after that.
 */
function preparingPool(pool: pg.Pool, onEnd: () => Promise<void>): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let track = trackers.get(client);
      if (!track) {
        track = createWriteTracker();
        trackers.set(client, track);
      }
      const query = (text: string, values?: readonly unknown[]) => {
        const name = typeof text === 'string' ? preparedName(text) : undefined;
        return track(text, () =>
          name ? client.query({ name, text, values: values as unknown[] }) : client.query(text, values as unknown[]),
        );
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: async () => {
      await onEnd();
      await pool.end();
    },
  };
}

/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const CALLER_DATA_LISTENER = 'ergoportal caller-data listener';

/**
 * Listens for the caller-data notifications of migration 013 on a connection of its own, so that a
 * change made by another process reaches this one's caller cache. The cache is allowed only while
 * the listener is connected; a lost connection turns it off and is retried every second.
 */
function listenForCallerDataChanges(url: string, schema: string | undefined) {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  // Only the current connection (or the one being opened) may turn the cache off: a late 'end' of a
  // connection already replaced must not drop its successor.
  const lost = (from: pg.Client) => {
    if (client && from !== client) return;
    listening = false;
    callerDataChanged();
    client = null;
    if (!closed && !retry)
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1000);
  };
  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      application_name: CALLER_DATA_LISTENER,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      const own = (await next.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
      next.on('notification', (message) => {
        if (message.payload === own) callerDataChanged();
      });
      await next.query(`LISTEN ${CALLER_DATA_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Anything that changed while no one listened is unknown: start from a new generation.
      callerDataChanged();
      listening = true;
    } catch {
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      lost(next);
    }
  }
  void connect();
  // One round trip on the listening connection answers every request that arrived before it was
  // sent. PostgreSQL signals listening sessions when a transaction that notified commits, before
  // the writer hears that it committed, and a signalled session sends its notifications before it
  // runs the next command it reads (ProcessClientReadInterrupt), so they reach us before the
  // answer to this query: by then every change committed before the request is known here.
  // Calls of one event-loop turn share a round trip not yet sent; round trips go one at a time (a
  // pg client runs one query at a time).
  let queued: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  const barrier = (): Promise<void> => {
    if (queued) return queued;
    const current = client;
    if (!current || !listening) return Promise.resolve();
    const run = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        queued = null;
        // A connection that stops answering must not hold calls up: after 2 s it counts as lost
        // (nothing is kept in memory until a new one listens) and the calls read the database.
        const answered = current.query('SELECT 1').then(
          () => true,
          () => false,
        );
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), 2000);
        });
        return Promise.race([answered, late]).then((ok) => {
          clearTimeout(timer);
          if (!ok) {
            lost(current);
            void current.end().catch(() => undefined);
          }
        });
      });
    queued = run;
    previous = run;
    return run;
  };
  return {
    listening: () => listening,
    barrier,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** The embedded database behind a Kysely instance, for its data-folder dump (src/server/ops/). */
const embedded = new WeakMap<Kysely<Database>, PGliteInstance>();
type PGliteInstance = import('@electric-sql/pglite').PGlite;
export function pgliteOf(db: Kysely<Database>): PGliteInstance | undefined {
  return embedded.get(db);
}

/** Opens Kysely on PostgreSQL (DATABASE_URL) or on PGlite on disk (docs/architecture.md "Database"). */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // JIT compiles each large query for tens of milliseconds, more than it saves on the portal's
      // indexed dashboard and search queries (custom search on a 400,000-attempt client: 30 ms of 120).
      options: ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
    });
    const listener = listenForCallerDataChanges(options.url, options.schema);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, () => listener.close()) }) });
    allowCallerCache(db, listener.listening, listener.barrier);
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // fsync on, through a filesystem whose fsync reaches the disk: a commit is on disk before it is
  // acknowledged (durable-nodefs.ts, src/server/README.md "What is durable").
  const startParams = [...durableStartParams(PGlite.defaultStartParams), ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory && !options.loadDataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
    mkdirSync(options.dataDir, { recursive: true });
    await promisify(execFile)(process.execPath, [
      join(import.meta.dirname, 'pglite-initdb.mjs'),
      options.dataDir,
      JSON.stringify(startParams),
    ]);
    await syncTree(options.dataDir);
  }
  // pg_trgm backs the users grid's text search with an index (migration 008), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({
    ...(inMemory ? {} : { fs: new DurableNodeFS(options.dataDir) }),
    // Only matters to filesystems that copy to storage after each query (browser ones); kept false.
    relaxedDurability: false,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams,
    extensions: { pg_trgm },
  });
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(db) });
  embedded.set(kysely, db);
  // PGlite lives inside this process: every change to it passes through this process's tracker.
  allowCallerCache(kysely, () => true);
  return kysely;
}
