import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CALLER_DATA_LISTENER } from '../../src/server/db/connect';
import { callerCacheAllowed } from '../../src/server/db/caller-data-changes';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signedIn = (email: string) => signedInAgent(server.url, email, PASSWORD);

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statusOf = async (agent: Agent) => (await agent.get('/get-user')).status;

/**
 * The server keeps the rows a caller is made of between calls (auth/caller-loader.ts) only until
 * something they are made of changes. These checks change those rows in every way a deployment can
 * and expect the very next call to see it.
 */
describe('callers kept between calls', () => {
  it('sees a change committed in a transaction by this server on the next call', async () => {
    const agent = await signedIn(ACCOUNTS.videoViewer);
    expect(await statusOf(agent)).toBe(200);
    await server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Renamed' }).where('email', '=', ACCOUNTS.videoViewer).execute();
      await trx.updateTable('users').set({ status: 'disabled' }).where('email', '=', ACCOUNTS.videoViewer).execute();
    });
    expect(await statusOf(agent)).toBe(401);
    await server.ctx.db.updateTable('users').set({ status: 'active' }).where('email', '=', ACCOUNTS.videoViewer).execute();
    const answer = await agent.get('/get-user');
    expect(answer.status).toBe(200);
    expect((answer.data as { user: { first_name: string } }).user.first_name).toBe('Renamed');
  });

  it('serves the old rows while a change is uncommitted and the new ones once it commits', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // PGlite has one connection, which an open transaction holds; only PostgreSQL can answer meanwhile.
    if (!url) {
      expect(callerCacheAllowed(server.ctx.db)).toBe(true);
      return;
    }
    const agent = await signedIn(ACCOUNTS.manager);
    expect(await statusOf(agent)).toBe(200);
    await server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'disabled' }).where('email', '=', ACCOUNTS.manager).execute();
      expect(await statusOf(agent)).toBe(200);
      expect(await statusOf(agent)).toBe(200);
    });
    expect(await statusOf(agent)).toBe(401);
    await server.ctx.db.updateTable('users').set({ status: 'active' }).where('email', '=', ACCOUNTS.manager).execute();
  });
});

describe('changes made by another process (PostgreSQL)', () => {
  const url = process.env.TEST_DATABASE_URL;
  let other: pg.Client;
  let schema: string;
  beforeAll(async () => {
    if (!url) return;
    schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(server.ctx.db)).rows[0].schema;
    // The server's own database: a copy of the test template, not TEST_DATABASE_URL's (test-server.ts).
    other = new pg.Client({ connectionString: server.ctx.config.databaseUrl, options: `-c search_path=${schema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  it.runIf(url)('reach this server through the database notification', async () => {
    const agent = await signedIn(ACCOUNTS.evaluator);
    await until(() => callerCacheAllowed(server.ctx.db));
    expect(await statusOf(agent)).toBe(200);
    expect(await statusOf(agent)).toBe(200);
    // Another server (or psql) revokes the session family directly.
    await other.query(`UPDATE refresh_families SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
      ACCOUNTS.evaluator,
    ]);
    await until(async () => (await statusOf(agent)) === 401, 2000);
    expect(await statusOf(agent)).toBe(401);
  });

  it.runIf(url)('are never missed while the listening connection is down: nothing is kept then', async () => {
    const agent = await signedIn(ACCOUNTS.employee);
    await until(() => callerCacheAllowed(server.ctx.db));
    expect(await statusOf(agent)).toBe(200);
    // Cut every listener off (parallel test servers reconnect too), then wait for this one to notice.
    await other.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [CALLER_DATA_LISTENER]);
    await until(() => !callerCacheAllowed(server.ctx.db));
    // No one hears this change, yet the next call sees it because nothing was served from memory.
    await other.query(`UPDATE users SET first_name = 'Unheard' WHERE email = $1`, [ACCOUNTS.employee]);
    const answer = await agent.get('/get-user');
    expect((answer.data as { user: { first_name: string } }).user.first_name).toBe('Unheard');
    // The listener comes back by itself, and changes are heard again.
    await until(() => callerCacheAllowed(server.ctx.db));
    expect(await statusOf(agent)).toBe(200);
    await other.query(`UPDATE users SET status = 'disabled' WHERE email = $1`, [ACCOUNTS.employee]);
    await until(async () => (await statusOf(agent)) === 401, 2000);
    await other.query(`UPDATE users SET status = 'active' WHERE email = $1`, [ACCOUNTS.employee]);
  });
});
