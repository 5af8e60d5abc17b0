import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-processes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { ACCOUNT_CALL_LIMITS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../../src/server/auth/throttle';

/**
 * README "Account calls a stranger can make" and sign-in throttling (ASVS V2.2.1): attempts sent all
 * at once, over real HTTP, to one server or split across two servers on one PostgreSQL, pass no more
 * than the limit; the rest are refused with 429. Each burst comes from an address of its own
 * (X-Forwarded-For, TRUST_PROXY), so the bursts do not count against each other.
 */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const password = 'a-sturdy-footrest-under-desk';

/** Sends `n` calls at once, the i-th to `urls[i % urls.length]`, and counts the answers by status. */
async function burst(urls: readonly string[], n: number, send: (agent: Agent, i: number) => Promise<{ status: number }>) {
  const address = freshAddress();
  const statuses = await Promise.all(
    Array.from({ length: n }, (_, i) => send(new Agent(urls[i % urls.length], { 'x-forwarded-for': address }), i).then((a) => a.status)),
  );
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** The bursts, run against one server and against two. */
function bursts(urls: () => readonly string[]) {
  it(`refuses a parallel burst of wrong passwords for one account after ${MAX_FAILURES_PER_ACCOUNT}`, async () => {
    const counts = await burst(urls(), 20, (agent) => agent.login(ACCOUNTS.videoViewer, 'not-the-password'));
    expect(counts).toEqual({ 401: MAX_FAILURES_PER_ACCOUNT, 429: 20 - MAX_FAILURES_PER_ACCOUNT });
  });

  it(`refuses a parallel burst of sign-ins for many accounts from one address after ${MAX_FAILURES_PER_ADDRESS}`, async () => {
    const n = MAX_FAILURES_PER_ADDRESS + 8;
    const counts = await burst(urls(), n, (agent, i) => agent.login(`nobody.${nextAddress}.${i}@northwind.example`, 'not-the-password'));
    expect(counts).toEqual({ 401: MAX_FAILURES_PER_ADDRESS, 429: n - MAX_FAILURES_PER_ADDRESS });
  });

  it('refuses a parallel burst of password-link requests for one e-mail after its limit', async () => {
    const limit = ACCOUNT_CALL_LIMITS['password-link'].perEmail;
    const email = `links.${nextAddress}@northwind.example`;
    const counts = await burst(urls(), 15, (agent) => agent.post('/sendpasswordlink', { email }));
    expect(counts).toEqual({ 200: limit, 429: 15 - limit });
  });

  it('refuses a parallel burst of registrations for one e-mail, and from one address, after their limits', async () => {
    const { perEmail, perAddress } = ACCOUNT_CALL_LIMITS.register;
    // A confirmation that does not match: answered 400 after the attempt is counted, creating nothing.
    const register = (agent: Agent, email: string) =>
      agent.post('/register', {
        first_name: 'Par',
        last_name: 'Allel',
        email,
        password,
        password_confirmation: 'another',
        company_code: 'NW01',
      });
    const email = `register.${nextAddress}@northwind.example`;
    expect(await burst(urls(), 15, (agent) => register(agent, email))).toEqual({ 400: perEmail, 429: 15 - perEmail });
    const many = perAddress + 8;
    expect(await burst(urls(), many, (agent, i) => register(agent, `register.${nextAddress}.${i}@northwind.example`))).toEqual({
      400: perAddress,
      429: many - perAddress,
    });
  });

  it('refuses a parallel burst of reset attempts from one address after its limit', async () => {
    const limit = ACCOUNT_CALL_LIMITS['password-reset'].perAddress;
    const n = limit + 8;
    const counts = await burst(urls(), n, (agent, i) =>
      agent.post('/reset-password', { token: `guess-${i}-${'x'.repeat(36)}`, password, password_confirmation: password }),
    );
    expect(counts).toEqual({ 400: limit, 429: n - limit });
  });
}

describe('parallel bursts on one server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  bursts(() => [server.url]);

  it('still signs in after failures short of the limit, and a success frees its place in the address count', async () => {
    const address = freshAddress();
    const agent = () => new Agent(server.url, { 'x-forwarded-for': address });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i += 1) expect((await agent().login(ACCOUNTS.employee, 'wrong')).status).toBe(401);
    expect((await agent().login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('key', '=', `address:${address}`)
      .executeTakeFirst();
    expect(row?.failures).toBe(MAX_FAILURES_PER_ACCOUNT - 1);
  });
});

const DATABASE = process.env.TEST_DATABASE_URL;
describe.skipIf(!DATABASE)('parallel bursts split across two servers on one PostgreSQL', () => {
  const schema = `pt_${randomBytes(6).toString('hex')}`;
  let servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: DATABASE });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(DATABASE!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const shared = {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      DEMO_HISTORY: '0',
      PORT: '0',
      HOST: '127.0.0.1',
    };
    servers = await Promise.all(
      ['A', 'B'].map((name) => {
        const dir = mkdtempSync(join(tmpdir(), `ergoportal-${name}-`));
        dirs.push(dir);
        return startServerProcess(name, { ...shared, DATA_DIR: dir, WEB_DIR: join(dir, 'web') });
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    if (db) {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.end();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  bursts(() => servers.map((s) => s.url));
});
