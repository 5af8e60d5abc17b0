import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Which version of the session-related rows (refresh families, users, roles, role permissions and
 * clients) this process may trust. The caller cache (auth/caller-loader.ts) keeps a row only while
 * the generation it was read under is still current, so any change to those tables makes every
 * cached row stale at once:
 * - changes made by this process are seen in its own connections, before the statement runs, after
 *   it completes and again when its transaction commits;
 * - changes made by any other process (another server, psql) arrive as a PostgreSQL notification
 *   from the triggers of migration 013 on a dedicated listening connection (connect.ts); while that
 *   connection is down the cache is off and every call reads the database.
 */
let generation = 0;

export const CALLER_DATA_CHANNEL = 'ergoportal_caller_data';

/** The current generation: a row read under an older one must not be served. */
export function callerDataGeneration(): number {
  return generation;
}

/** Marks every cached caller row stale. */
export function callerDataChanged(): void {
  generation += 1;
}

// Any statement other than a read that names one of the tables a caller row is made of. Names are
// matched as whole words, so audit_log's client_id or user_groups never match.
const WATCHED = /\b(users|refresh_families|roles|role_permissions|clients)\b/i;
const READ = /^\s*select\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;

/** Runs one statement on a connection, noting whether it writes caller data (see below). */
export type WriteTracker = <T>(sql: string, run: () => Promise<T>) => Promise<T>;

/**
 * A tracker for one database connection: writes to the watched tables bump the generation before
 * the statement (readers already waiting cannot cache what they are about to read), after it, and
 * after the commit of a transaction that made such a write.
 */
export function createWriteTracker(): WriteTracker {
  let inTransaction = false;
  let wroteInTransaction = false;
  return async (sql, run) => {
    if (TRANSACTION_START.test(sql)) {
      inTransaction = true;
      wroteInTransaction = false;
      return run();
    }
    if (TRANSACTION_END.test(sql)) {
      try {
        return await run();
      } finally {
        if (wroteInTransaction) callerDataChanged();
        inTransaction = false;
        wroteInTransaction = false;
      }
    }
    if (READ.test(sql) || !WATCHED.test(sql)) return run();
    callerDataChanged();
    if (inTransaction) wroteInTransaction = true;
    try {
      return await run();
    } finally {
      callerDataChanged();
    }
  };
}

const cacheAllowed = new WeakMap<Kysely<Database>, () => boolean>();
const barriers = new WeakMap<Kysely<Database>, () => Promise<void>>();

/**
 * Declares when caller rows read from this database may be cached (connect.ts), and, for a database
 * other processes write to, the barrier a cached row waits for before it is served (see below).
 */
export function allowCallerCache(db: Kysely<Database>, allowed: () => boolean, barrier?: () => Promise<void>): void {
  cacheAllowed.set(db, allowed);
  if (barrier) barriers.set(db, barrier);
}

/**
 * Resolves once every notification of a change committed before this call has reached this
 * process. Without it a change committed by another server a moment ago could still be on its way
 * when this server answers the next call from memory (the load balancer's next call is that fast).
 * PGlite has no other writers: nothing to wait for.
 */
export function callerDataBarrier(db: Kysely<Database>): Promise<void> | undefined {
  return barriers.get(db)?.();
}

/** Whether caller rows of this database may be cached right now. */
export function callerCacheAllowed(db: Kysely<Database>): boolean {
  return cacheAllowed.get(db)?.() ?? false;
}
