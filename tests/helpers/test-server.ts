import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { LogDestination } from '../../src/server/http/logging';
import { loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { createContext } from '../../src/server/create-context';

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

/**
 * A real server on 127.0.0.1 with a fresh database: an in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a fresh schema on that PostgreSQL server (so parallel test files never collide).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { readonly logDestination?: LogDestination } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
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
  let offset = 0;
  const ctx = await createContext(
    { ...config, dataDir: url ? dataDir : 'memory://' },
    { schema, now: () => new Date(Date.now() + offset) },
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
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (replyProblems.length > 0)
        throw new Error(`Answers that break their declaration in manifest/api/:\n${[...new Set(replyProblems)].join('\n')}`);
    },
  };
}
