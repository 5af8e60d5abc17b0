import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { seedContent } from './db/content-seed';
import { createMailer } from './mail/mailer';

/** Opens the database, runs migrations and the demo seed, and assembles the handlers' context. */
export async function createContext(config: ServerConfig, options: { schema?: string; now?: () => Date } = {}): Promise<AppContext> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, schema: options.schema });
  await migrate(db);
  await seed(db);
  await seedContent(db);
  return {
    db,
    config,
    secret: new TextEncoder().encode(config.sessionSecret),
    mailer: createMailer(db, config.smtpUrl, config.mailFrom),
    now: options.now ?? (() => new Date()),
  };
}
