import { existsSync, mkdirSync, openSync, readSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config';
import { GZIP_MAGIC, restorePglite } from './pglite-archive';
import { claimDataDir, dataDirOwner, releaseDataDir } from './pglite-owner';
import { runPostgresTool } from './postgres-tools';

/** pg_dump's custom format starts with these five bytes. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');

/**
 * `npm run restore -- <file>`: fills the configured database from a backup (README "Backup and
 * restore"). The target must be new and empty: an empty PostgreSQL database, or a DATA_DIR with no
 * database in it; nothing existing is overwritten. Start the server on it afterwards.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const source = process.argv[2];
  if (!source) throw new ConfigError('Usage: npm run restore -- <backup file>');
  const file = resolve(source);
  if (!existsSync(file)) throw new ConfigError(`${file} does not exist.`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (config.databaseUrl) {
    if (!head.equals(PG_DUMP_MAGIC))
      throw new ConfigError(`${file} is not a PostgreSQL backup (pg_dump custom format); DATABASE_URL is set.`);
    if (await hasTables(config.databaseUrl))
      throw new ConfigError('The database in DATABASE_URL already has tables: restore into a new, empty database.');
    await runPostgresTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
    console.log(`Restored ${file} into PostgreSQL`);
    return;
  }
  if (!head.subarray(0, 2).equals(GZIP_MAGIC))
    throw new ConfigError(`${file} is not a PGlite backup (a gzipped data-folder dump); DATABASE_URL is not set.`);
  if (dataDirOwner(config.dataDir))
    throw new ConfigError(`A server is running on ${config.dataDir}: stop it, and restore into a new DATA_DIR.`);
  if (existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new ConfigError(`${config.dataDir} already holds a database: restore into a new DATA_DIR.`);
  mkdirSync(config.dataDir, { recursive: true });
  // Holds the folder while filling it, so a server started meanwhile stops instead of opening it.
  claimDataDir(config.dataDir);
  try {
    await restorePglite(file, config.dataDir);
  } finally {
    releaseDataDir(config.dataDir);
  }
  console.log(`Restored ${file} into PGlite in ${config.dataDir}`);
}

async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

// Exits when done: an embedded database that was opened and closed can leave handles behind.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: Error) => {
    console.error(error instanceof ConfigError ? error.message : `Restore failed: ${error.message}`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
