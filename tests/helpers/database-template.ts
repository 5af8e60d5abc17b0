import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../../src/server/db/connect';
import { prepareDatabase } from '../../src/server/create-context';

/**
 * The migrated, seeded database every default test server starts from (tests/README.md "Test
 * databases"). Migrating and seeding took each server seconds (and a fresh PGlite's initdb several
 * more); a copy of the prepared database takes about one second on PGlite and a fraction on PostgreSQL.
 */
export type DatabaseTemplate =
  /** A data-folder dump (PGlite's dumpDataDir) in this file; each PGlite loads it as its data folder. */
  | { readonly kind: 'pglite'; readonly file: string }
  /** A PostgreSQL database, prepared in `schema`; each server gets `CREATE DATABASE … TEMPLATE database`. */
  | { readonly kind: 'postgres'; readonly database: string; readonly schema: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent in projects without this globalSetup (e2e): their servers migrate and seed as before. */
    databaseTemplate?: DatabaseTemplate;
  }
}

/** The schema the template is prepared in; each copy renames it to a schema of its own. */
const TEMPLATE_SCHEMA = 'template_seed';

/** Runs `text` on one short-lived connection to `url`. */
export async function runSql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * Vitest globalSetup of the api project: prepares the template once per run, with the test servers'
 * default seed (DEMO_HISTORY=0, the demo accounts alone), and removes it when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // A name of its own per run: other runs may share this PostgreSQL server.
    const database = `tpl_${randomBytes(6).toString('hex')}`;
    await runSql(url, `CREATE DATABASE ${database}`);
    const templateUrl = databaseUrl(url, database);
    await runSql(templateUrl, `CREATE SCHEMA ${TEMPLATE_SCHEMA}`);
    const db = await openDatabase({ url: templateUrl, dataDir: 'unused', schema: TEMPLATE_SCHEMA });
    try {
      await prepareDatabase(db, 'none');
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to: the pool and its listener end here.
      await db.destroy();
    }
    project.provide('databaseTemplate', { kind: 'postgres', database, schema: TEMPLATE_SCHEMA });
    return async () => {
      await runSql(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ergoportal-template-'));
  const file = join(dir, 'pglite-data.tar');
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareDatabase(db, 'none');
    // Uncompressed: each server loads it, and unpacking a gzip costs more than reading 40 MB.
    const dump = await pgliteOf(db)!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('databaseTemplate', { kind: 'pglite', file });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
