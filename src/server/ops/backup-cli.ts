import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { BACKUP_SIGNAL } from './online-backup';
import { dumpPglite, publishDurably } from './pglite-archive';
import { BACKUP_REQUEST_FILE, claimDataDir, dataDirOwner, releaseDataDir } from './pglite-owner';
import { runPostgresTool } from './postgres-tools';

/**
 * `npm run backup -- <file>`: a consistent copy of the configured database (README "Backup and
 * restore"). PostgreSQL: pg_dump's custom format, one snapshot while the servers keep running.
 * PGlite: the data-folder dump, written by the running server when there is one (only it may open
 * the folder), or by this process when the server is stopped.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const target = process.argv[2];
  if (!target) throw new ConfigError('Usage: npm run backup -- <backup file>');
  const file = resolve(target);
  if (existsSync(file)) throw new ConfigError(`${file} already exists; choose a new file name.`);
  if (config.databaseUrl) {
    await runPostgresTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}.partial`,
      `--dbname=${config.databaseUrl}`,
    ]);
    publishDurably(`${file}.partial`, file);
    console.log(`Backed up PostgreSQL to ${file}`);
    return;
  }
  if (!relative(config.dataDir, file).startsWith('..'))
    throw new ConfigError('Write the backup outside DATA_DIR (the data folder is copied whole).');
  if (!existsSync(join(config.dataDir, 'PG_VERSION'))) throw new ConfigError(`${config.dataDir} holds no database.`);
  const owner = dataDirOwner(config.dataDir);
  if (owner) {
    writeFileSync(join(config.dataDir, BACKUP_REQUEST_FILE), file);
    process.kill(owner, BACKUP_SIGNAL);
    await waitForDump(file);
    console.log(`Backed up PGlite in ${config.dataDir} (through the running server, process ${owner}) to ${file}`);
    return;
  }
  // No server holds the folder: this process does, for as long as it reads it.
  claimDataDir(config.dataDir);
  try {
    const db = await openDatabase({ dataDir: config.dataDir });
    try {
      await dumpPglite(db, file);
    } finally {
      await db.destroy();
    }
  } finally {
    releaseDataDir(config.dataDir);
  }
  console.log(`Backed up PGlite in ${config.dataDir} to ${file}`);
}

async function waitForDump(file: string): Promise<void> {
  const end = Date.now() + 10 * 60_000;
  while (Date.now() < end) {
    if (existsSync(file)) return;
    if (existsSync(`${file}.error`)) {
      const reason = readFileSync(`${file}.error`, 'utf8');
      rmSync(`${file}.error`);
      throw new Error(`The server could not write the backup: ${reason}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not write the backup within 10 minutes.');
}

// Exits when done: an embedded database that was opened and closed can leave handles behind.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: Error) => {
    console.error(error instanceof ConfigError ? error.message : `Backup failed: ${error.message}`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
