import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, type Answer } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import {
  startRoundRobinProxy,
  startServerProcess,
  stopServerProcess,
  type RoundRobinProxy,
  type ServerProcess,
} from '../helpers/server-processes';

/**
 * Scale-out (docs/architecture.md "Scale-out"): two server processes on one PostgreSQL behind a
 * round-robin load balancer. What one server does must hold on the other from the next call.
 */
const DATABASE = process.env.TEST_DATABASE_URL;
if (!DATABASE)
  console.log(
    'multi-server test skipped: TEST_DATABASE_URL is unset (several servers need one shared PostgreSQL; PGlite belongs to one process)',
  );

const servedBy = (answer: Answer) => answer.headers.get('x-served-by');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!DATABASE)('two servers on one PostgreSQL behind a round-robin proxy', () => {
  const schema = `ms_${randomBytes(6).toString('hex')}`;
  const received: { to: string; subject: string }[] = [];
  let smtpConnections = 0;
  let smtp: SMTPServer;
  let proxy: RoundRobinProxy;
  let servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: DATABASE });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.query(`SET search_path = ${schema}`);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        smtpConnections += 1;
        callback();
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(data)?.[1] ?? '';
          for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject });
          // A little slower than a local relay, so both servers' workers are busy at once.
          setTimeout(callback, 5);
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    proxy = await startRoundRobinProxy();
    const url = new URL(DATABASE!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    // Shared by every server: the database, the signing secret, the public address, SMTP.
    const shared = {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxy.url,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      PORT: '0',
      HOST: '127.0.0.1',
    };
    // Both start at the same moment on an empty schema: migrations and the demo seed must run once.
    servers = await Promise.all(
      ['A', 'B'].map((name) => {
        const dir = mkdtempSync(join(tmpdir(), `ergoportal-${name}-`));
        dirs.push(dir);
        return startServerProcess(name, { ...shared, DATA_DIR: dir, WEB_DIR: join(dir, 'web') });
      }),
    );
    proxy.backends = servers;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await proxy?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    if (db) {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.end();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Signs in through the proxy and makes one call on each server, so both hold the caller. */
  async function signedInOnBoth(email: string): Promise<Agent> {
    const agent = new Agent(proxy.url);
    expect((await agent.login(email, PASSWORD)).status).toBe(200);
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i += 1) {
      const answer = await agent.get('/get-user');
      expect(answer.status).toBe(200);
      seen.add(servedBy(answer));
    }
    expect(seen).toEqual(new Set(['A', 'B']));
    return agent;
  }

  /** Another browser holding a copy of the same cookies (a kept tab, or a stolen credential). */
  function copyOf(agent: Agent): Agent {
    const copy = new Agent(proxy.url);
    for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
    return copy;
  }

  it('ran the migrations once although both servers started together', async () => {
    const { rows } = await db.query<{ version: string; n: string }>(
      'SELECT version, count(*) AS n FROM schema_migrations GROUP BY version',
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.n === '1')).toBe(true);
    const users = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE email = $1', [ACCOUNTS.employee]);
    expect(users.rows[0].n).toBe('1');
  });

  it('a logout on one server ends the session on the other at the next call', async () => {
    const rounds = 8;
    let refused = 0;
    for (let round = 0; round < rounds; round += 1) {
      const browser = await signedInOnBoth(ACCOUNTS.employee);
      const kept = copyOf(browser);
      const out = await browser.get('/logout');
      expect(out.status).toBe(200);
      const next = await kept.get('/get-user');
      expect(servedBy(next)).not.toBe(servedBy(out));
      if (next.status === 401) refused += 1;
    }
    console.log(`logout: ${refused} of ${rounds} next calls on the other server refused`);
    expect(refused).toBe(rounds);
  });

  it('a disabled account is refused by both servers at the next call', async () => {
    // The admin center has no call that disables a user: an operator does it in the database, a
    // third process, and both servers hear of it only through the database's notification.
    const rounds = 10;
    let refused = 0;
    const browser = await signedInOnBoth(ACCOUNTS.fabrikamEmployee);
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < 2; i += 1) expect((await browser.get('/get-user')).status).toBe(200);
      await db.query(`UPDATE users SET status = 'disabled' WHERE email = $1`, [ACCOUNTS.fabrikamEmployee]);
      const answers = [await browser.get('/get-user'), await browser.get('/get-user')];
      expect(answers.map(servedBy).sort()).toEqual(['A', 'B']);
      refused += answers.filter((a) => a.status === 401).length;
      await db.query(`UPDATE users SET status = 'active' WHERE email = $1`, [ACCOUNTS.fabrikamEmployee]);
    }
    console.log(`disabled account: ${refused} of ${2 * rounds} next calls refused`);
    expect(refused).toBe(2 * rounds);
  });

  it("a role's permissions edited through one server apply on the other at the next call", async () => {
    const viewer = await signedInOnBoth(ACCOUNTS.videoViewer);
    const admin = await signedInOnBoth(ACCOUNTS.superAdmin);
    const role = (
      await db.query<{ id: number; display_name: string; description: string }>(
        `SELECT id, display_name, description FROM roles WHERE name = 'Video_viewer'`,
      )
    ).rows[0];
    const granted = (
      await db.query<{ permission: string }>('SELECT permission FROM role_permissions WHERE role_id = $1', [role.id])
    ).rows.map((r) => r.permission);
    const before = (await viewer.get('/get-user')).data as { user: { roles: { all_permission: string[] } } };
    expect(before.user.roles.all_permission).not.toContain('role-view');
    const saved = await admin.post(`/admin/roles/${role.id}`, {
      name: role.display_name,
      description: role.description || 'Videos only',
      permissions: [...granted, 'role-view'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await viewer.get('/get-user');
    expect(servedBy(after)).not.toBe(servedBy(saved));
    expect((after.data as typeof before).user.roles.all_permission).toContain('role-view');
  });

  it("a user's new role, saved through one server, ends their session on the other at the next call", async () => {
    const viewer = await signedInOnBoth(ACCOUNTS.videoViewer);
    const admin = await signedInOnBoth(ACCOUNTS.superAdmin);
    const employeeRole = (await db.query<{ id: number }>(`SELECT id FROM roles WHERE name = 'Employee'`)).rows[0].id;
    const me = (await db.query('SELECT id, first_name, last_name, email, client_id FROM users WHERE email = $1', [ACCOUNTS.videoViewer]))
      .rows[0];
    const saved = await admin.post(`/admin/users/${me.id}`, {
      first_name: me.first_name,
      last_name: me.last_name,
      email: me.email,
      role_id: employeeRole,
      client_id: me.client_id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A role change signs the user out everywhere (admin-users.ts); the next call meets the other server.
    const after = await viewer.get('/get-user');
    expect(servedBy(after)).not.toBe(servedBy(saved));
    expect(after.status).toBe(401);
    const again = await signedInOnBoth(ACCOUNTS.videoViewer);
    const me2 = (await again.get('/get-user')).data as { user: { roles: { all_permission: string[] } } };
    expect(me2.user.roles.all_permission).toContain('site-ergo-ally-site-view');
  });

  it("a client's new colour, logo and menu text show on both servers", async () => {
    const employee = await signedInOnBoth(ACCOUNTS.employee);
    const admin = await signedInOnBoth(ACCOUNTS.superAdmin);
    const northwind = (await db.query<{ id: number }>(`SELECT id FROM clients WHERE company_code = 'NW01'`)).rows[0].id;
    const form = ((await admin.get(`/admin/clients/${northwind}`)).data as { client: Record<string, unknown> }).client;
    const logo = png(120, 40, [20, 90, 160]);
    const saved = await admin.post(`/admin/clients/${northwind}`, {
      ...form,
      hex_color: '#145AA0',
      home: 'Start here',
      logo_file: dataUrl(logo, 'new-logo.png', 'image/png'),
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const answer = await employee.get('/get-user');
      const client = (
        answer.data as { client: { hex_color: string; logo: string; site_menu_details: { Home: { custom_menu_text: string } } } }
      ).client;
      expect(client.hex_color, `server ${servedBy(answer)}`).toBe('#145AA0');
      expect(client.site_menu_details.Home.custom_menu_text).toBe('Start here');
      const cookie = [...employee.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const image = await fetch(new URL(client.logo, proxy.url), { headers: { cookie } });
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(logo), `logo from server ${image.headers.get('x-served-by')}`).toBe(true);
    }
  });

  it('the mail outbox delivers each queued message exactly once with both servers running', async () => {
    const count = 300;
    await db.query(
      `INSERT INTO mail_outbox (to_address, subject, body_text, status, next_attempt_at)
      SELECT 'outbox' || n || '@northwind.example', 'Queued ' || n, 'Body', 'queued', now() FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    const admin = await signedInOnBoth(ACCOUNTS.superAdmin);
    const sent = await admin.post('/admin/notifications', {
      audience: 'users',
      recipients: `${ACCOUNTS.employee}, ${ACCOUNTS.manager}`,
      subject: 'Two servers',
      content: 'Hello {{first_name}}',
    });
    expect(sent.status).toBe(200);
    const expected = count + 2;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent' AND (to_address LIKE 'outbox%' OR subject = 'Two servers')`,
      );
      if (Number(rows[0].n) >= expected) break;
      await wait(250);
    }
    await wait(1500);
    const ours = received.filter((m) => m.to.startsWith('outbox') || m.subject === 'Two servers');
    const perAddress = new Map<string, number>();
    for (const m of ours) perAddress.set(`${m.to} ${m.subject}`, (perAddress.get(`${m.to} ${m.subject}`) ?? 0) + 1);
    console.log(
      `outbox: ${expected} queued, ${ours.length} delivered over ${smtpConnections} SMTP connections, ${[...perAddress.values()].filter((n) => n > 1).length} delivered twice`,
    );
    expect(ours).toHaveLength(expected);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    const { rows } = await db.query<{ status: string; attempts: number; n: string }>(
      `SELECT status, attempts, count(*) AS n FROM mail_outbox WHERE to_address LIKE 'outbox%' OR subject = 'Two servers' GROUP BY status, attempts`,
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: String(expected) }]);
  });
});
