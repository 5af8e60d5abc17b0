import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { LogDestination } from '../../src/server/http/logging';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { openDatabase, pgliteOf } from '../../src/server/db/connect';
import { createContext, prepareDatabase } from '../../src/server/create-context';
import { databaseUrl, runSql, type DatabaseTemplate } from './database-template';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly url: string;
  /**
   * Answers that broke their call's declaration in manifest/api/*.yaml (src/server/http/reply-check.ts);
   * each also became a 500. close() fails while any is left; a test provoking one on purpose empties it.
   */
  readonly replyProblems: string[];
  /** Moves the server's clock forward (idle and absolute expiry tests). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The template's dump, read once per module instance, i.e. per worker or per isolated file (each PGlite unpacks its own copy). */
let pgliteDump: { readonly file: string; readonly blob: Blob } | undefined;
function templateDump(file: string): Blob {
  if (pgliteDump?.file !== file) pgliteDump = { file, blob: new Blob([readFileSync(file)]) };
  return pgliteDump.blob;
}

/**
 * Data-folder dumps of databases prepared with another seed than the template's (DEMO_HISTORY
 * `assessments` or `all`: years of history, the longest seeds), one per seed and module instance:
 * the first PGlite server of the run asking for a seed with `keepSeed` prepares it once and leaves
 * its dump beside the template's, where later servers, in this worker or another (the e2e project
 * runs two), load it as they load the template's (tests/README.md "Test databases").
 */
const seededDumps = new Map<ServerConfig['demoHistory'], Promise<Blob>>();
function seededDump(demoHistory: ServerConfig['demoHistory'], templateFile: string): Promise<Blob> {
  let dump = seededDumps.get(demoHistory);
  if (!dump) {
    dump = sharedSeedDump(join(dirname(templateFile), `pglite-${demoHistory}.tar`), async () => {
      const db = await openDatabase({ dataDir: 'memory://' });
      try {
        await prepareDatabase(db, demoHistory);
        return await pgliteOf(db)!.dumpDataDir('none');
      } finally {
        await db.destroy();
      }
    });
    seededDumps.set(demoHistory, dump);
    // A failed preparation is not handed to the next server.
    dump.catch(() => seededDumps.delete(demoHistory));
  }
  return dump;
}

/**
 * The dump in `file`, prepared by whichever worker takes `file.lock` first (an exclusive create);
 * the others wait for the file to appear, and take the lock themselves if its holder gave up.
 */
async function sharedSeedDump(file: string, prepare: () => Promise<Blob>): Promise<Blob> {
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    try {
      closeSync(openSync(lock, 'wx'));
    } catch {
      await new Promise((wait) => setTimeout(wait, 500));
      continue;
    }
    try {
      const dump = await prepare();
      // Written aside and renamed, so a waiting worker never reads half a file.
      writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${file}.part`, file);
      return dump;
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/**
 * Drops a server's copy of the template. The pool's connections are still closing when destroy()
 * returns (pg ends them without waiting), and DROP DATABASE waits up to 5 s for such sessions to
 * go; FORCE would cut them off, and each would raise an unhandled "terminating connection" error.
 * Only a connection still open after that (a test's own, left open) is cut off.
 */
async function dropDatabase(url: string, database: string): Promise<void> {
  try {
    await runSql(url, `DROP DATABASE ${database}`);
  } catch (error) {
    // 55006 object_in_use: "database … is being accessed by other users".
    if ((error as { code?: string }).code !== '55006') throw error;
    await runSql(url, `DROP DATABASE ${database} WITH (FORCE)`);
  }
}

/** The api and e2e projects' prepared database (database-template.ts); absent elsewhere, and outside Vitest. */
function providedTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/**
 * A real server on 127.0.0.1 with a fresh database of its own: an in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a fresh schema on that PostgreSQL server (so parallel test files never
 * collide). With the default seed and the api or e2e project's template, the PGlite starts from the
 * template's data folder, and on PostgreSQL the schema lives in a database copied from the template
 * (CREATE DATABASE … TEMPLATE), instead of migrating and seeding each time (tests/README.md "Test databases").
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    readonly logDestination?: LogDestination;
    /** Keeps a non-default seed's dump for the run's next server on that seed (the e2e project's files, in either worker). */
    readonly keepSeed?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-test-'));
  const url = process.env.TEST_DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: url ? dataDir : 'memory://',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    WEB_DIR: join(dataDir, 'web'),
    ...(url ? { DATABASE_URL: url } : {}),
    // Tests start from the demo accounts alone; a test that wants the dashboards' history asks for it.
    DEMO_HISTORY: '0',
    // Quiet unless a test asks for a level (LOG_LEVEL in `env`), so test output stays readable.
    LOG_LEVEL: 'silent',
    ...env,
  });
  // The template holds the default seed only: other seeds (and other databases) are prepared here.
  const template = config.demoHistory === 'none' && !env.DATABASE_URL ? providedTemplate() : undefined;
  let schema: string | undefined;
  /** PostgreSQL: this server's own copy of the template database, dropped on close. */
  let database: string | undefined;
  let loadDataDir: Blob | undefined;
  if (url && template?.kind === 'postgres') {
    database = `t_${randomBytes(6).toString('hex')}`;
    // The copy's schema gets the database's name: unique on the server, like the schemas below.
    schema = database;
    await runSql(url, `CREATE DATABASE ${database} TEMPLATE ${template.database}`);
    await runSql(databaseUrl(url, database), `ALTER SCHEMA ${template.schema} RENAME TO ${schema}`);
  } else if (url) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await runSql(url, `CREATE SCHEMA ${schema}`);
  } else if (template?.kind === 'pglite') loadDataDir = templateDump(template.file);
  else if (options.keepSeed && !url && !env.DATABASE_URL && config.demoHistory !== 'none') {
    const provided = providedTemplate();
    if (provided?.kind === 'pglite') loadDataDir = await seededDump(config.demoHistory, provided.file);
  }
  let offset = 0;
  const ctx = await createContext(
    { ...config, dataDir: url ? dataDir : 'memory://', databaseUrl: url && database ? databaseUrl(url, database) : config.databaseUrl },
    { schema, now: () => new Date(Date.now() + offset), loadDataDir },
  );
  const replyProblems: string[] = [];
  // Every answer is checked against the manifest's declaration, so a handler that drifts from it fails its tests.
  const app = await buildApp(ctx, { onReplyProblem: (problem) => replyProblems.push(problem), logDestination: options.logDestination });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    ctx,
    url: address,
    replyProblems,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await ctx.db.destroy();
      if (url && database) await dropDatabase(url, database);
      else if (url && schema) await runSql(url, `DROP SCHEMA ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
      if (replyProblems.length > 0)
        throw new Error(`Answers that break their declaration in manifest/api/:\n${[...new Set(replyProblems)].join('\n')}`);
    },
  };
}
