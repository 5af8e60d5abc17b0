import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createContext } from './create-context';
import { serveOnlineBackups } from './ops/online-backup';
import { claimDataDir, dataDirOwner, releaseDataDir } from './ops/pglite-owner';

/** `npm start` / `npm run serve`: the whole product in one process (docs/architecture.md "Server"). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
  if (owner) {
    console.error(
      `Configuration error: a server (process ${owner}) is already running on ${config.dataDir}; PGlite belongs to one process.`,
    );
    process.exit(2);
  }
  const ctx = await createContext(config);
  // The embedded database belongs to this process: say so in its folder, and take its backups
  // (`npm run backup` signals this process; src/server/ops/online-backup.ts).
  const embedded = !config.databaseUrl;
  if (embedded) {
    claimDataDir(config.dataDir);
    serveOnlineBackups(ctx.db, config.dataDir);
  }
  const app = await buildApp(ctx);
  const address = await app.listen({ port: config.port, host: config.host });
  console.log(
    `ErgoPortal is running at ${address.replace('0.0.0.0', 'localhost')} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
  // Graceful shutdown: stop accepting, finish in-flight requests, then close the database.
  const stop = async (signal: string) => {
    console.log(`${signal} received, finishing in-flight requests...`);
    const closing = app.close();
    // A browser keeps its connection open after the last answer (keep-alive); close each one as soon
    // as it falls idle instead of waiting for the keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await closing;
    clearInterval(sweep);
    await ctx.db.destroy();
    if (embedded) releaseDataDir(config.dataDir);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

void main();
