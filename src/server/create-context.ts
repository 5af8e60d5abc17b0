import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import type { Database } from './db/schema';
import { seed } from './db/seed';
import { seedContent } from './db/content-seed';
import { applyDefaultGrants, syncSuperAdminPermissions } from './db/permission-catalogue';
import { createMailer } from './mail/mailer';

/**
 * Brings a database up to date: migrations, the demo seed, the content seed and the super admin's
 * permissions. Each step does nothing when already done, so a copy of a prepared database (the
 * tests' template, tests/README.md) passes through in milliseconds.
 */
export async function prepareDatabase(db: Kysely<Database>, demoHistory: ServerConfig['demoHistory']): Promise<void> {
  // Servers started together on one PostgreSQL (README "Running several servers") take turns:
  // the first migrates and seeds, the others then find nothing left to do. The lock is per schema
  // and held on one connection; PGlite belongs to one process and takes it at once.
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('ergoportal start ' || current_schema()))`.execute(connection);
    try {
      await migrate(connection);
      await seed(connection, { history: demoHistory });
      await seedContent(connection);
      await syncSuperAdminPermissions(connection);
      await applyDefaultGrants(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('ergoportal start ' || current_schema()))`.execute(connection);
    }
  });
}

/** Opens the database, runs migrations and the demo seed, and assembles the handlers' context. */
export async function createContext(
  config: ServerConfig,
  options: { schema?: string; now?: () => Date; loadDataDir?: Blob } = {},
): Promise<AppContext> {
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    schema: options.schema,
    loadDataDir: options.loadDataDir,
  });
  await prepareDatabase(db, config.demoHistory);
  return {
    db,
    config,
    secret: new TextEncoder().encode(config.sessionSecret),
    mailer: createMailer(db, config.smtpUrl, config.mailFrom),
    now: options.now ?? (() => new Date()),
  };
}
