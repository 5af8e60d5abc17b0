import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { createWriteTracker } from './caller-data-changes';

/**
 * A Kysely dialect over one embedded PGlite instance (docs/architecture.md "Dependencies and their traps": PGlite is single-connection, so the
 * one connection is handed out to one user at a time and transactions are serialised).
 */
class PGliteConnection implements DatabaseConnection {
  private readonly track = createWriteTracker();
  constructor(private readonly db: PGlite) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.track(query.sql, () => this.run<R>(query));
  }
  private async run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.parameters.length === 0 && /;\s*\S/.test(query.sql)) {
      // A script of several statements (a migration file) needs PGlite's simple-query path.
      const results = await this.db.exec(query.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: BigInt(last?.affectedRows ?? 0) };
    }
    const result = await this.db.query<R>(query.sql, [...query.parameters] as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows ?? 0;
    return { rows: result.rows, numAffectedRows: BigInt(affected) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  private release: (() => void) | null = null;
  constructor(private readonly db: PGlite) {
    this.connection = new PGliteConnection(db);
  }
  async init(): Promise<void> {
    await this.db.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    const r = this.release;
    this.release = null;
    r?.();
  }
  async destroy(): Promise<void> {
    await this.db.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
