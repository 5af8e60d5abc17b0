import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CHECK_TTL_MS } from '../../src/server/api/ops/audit-check';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Health {
  clients: { total: number; active: number };
  users: { total: number; active: number; disabled: number };
  activeSessions: number;
  activity: { selfAssessmentsThisMonth: number; selfAssessmentsLastMonth: number; evaluationRequestsThisMonth: number };
  outbox: {
    queued: number;
    sent: number;
    failed: number;
    latestFailures: { to: string; subject: string; error: string; attempts: number; at: string }[];
  };
  audit: { ok: boolean; checked: number; firstBadId: string | null; checkedAt: string };
  storage: { scope: string; bytes: number; largestTables: { name: string; bytes: number; estimatedRows: number }[] };
  calls: { since: string; slowest: { name: string; count: number; p50: number; p95: number; max: number }[] };
}

let server: TestServer;
let superAdmin: Agent;
const health = async () => {
  const answer = await superAdmin.get('/superadmin/health');
  expect(answer.status).toBe(200);
  return answer.data as Health;
};
const counted = async (table: 'users' | 'clients', status?: string) => {
  let query = server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  server = await startTestServer();
  superAdmin = new Agent(server.url);
  expect((await superAdmin.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /superadmin/health', () => {
  it('answers guests 401 and every role but Super_admin 403', async () => {
    expect((await new Agent(server.url).get('/superadmin/health')).status).toBe(401);
    for (const email of [ACCOUNTS.admin, ACCOUNTS.manager, ACCOUNTS.evaluator, ACCOUNTS.employee]) {
      const agent = new Agent(server.url);
      expect((await agent.login(email, PASSWORD)).status, email).toBe(200);
      const answer = await agent.get('/superadmin/health');
      expect(answer.status, email).toBe(403);
      // The refusal names the page this call guards, not the roles and permissions pages.
      expect(answer.body.errors, email).toBe('Only a Super_admin may use the Super Admin Dashboard.');
      expect(JSON.stringify(answer.body)).not.toMatch(/users|outbox/);
    }
  });

  it('counts clients, users and sessions as the database holds them', async () => {
    const before = await health();
    expect(before.clients).toEqual({ total: await counted('clients'), active: await counted('clients', 'active') });
    expect(before.users).toEqual({
      total: await counted('users'),
      active: await counted('users', 'active'),
      disabled: await counted('users', 'disabled'),
    });
    // At least the super admin's own session and the four refused callers' sessions are live.
    expect(before.activeSessions).toBeGreaterThanOrEqual(5);
    console.log(
      'health figures',
      JSON.stringify({ clients: before.clients, users: before.users, sessions: before.activeSessions, activity: before.activity }),
    );

    // Adding a user (who is e-mailed a set-password link) moves the user count and the queued mail.
    const northwind = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    const role = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    const created = await superAdmin.post('/admin/users', {
      first_name: 'Ravi',
      last_name: 'Okafor',
      email: 'ravi.okafor@northwind.example',
      role_id: role.id,
      client_id: northwind.id,
    });
    expect(created.status).toBe(200);
    const extra = new Agent(server.url);
    await extra.login(ACCOUNTS.employee, PASSWORD);
    const after = await health();
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.users.active).toBe(before.users.active + 1);
    expect(after.outbox.queued).toBe(before.outbox.queued + 1);
    expect(after.activeSessions).toBe(before.activeSessions + 1);
    console.log('after adding a user', JSON.stringify({ users: after.users, queued: after.outbox.queued, sessions: after.activeSessions }));

    // Signing out ends a session: the count goes back down.
    await extra.get('/logout');
    expect((await health()).activeSessions).toBe(before.activeSessions);
  });

  it("counts this month's submitted self-assessments and evaluation requests, and last month's", async () => {
    const before = await health();
    const user = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const base = {
      user_id: user.id,
      client_id: user.client_id,
      area: 'office',
      language: 'en',
      questionnaire_version: 1,
      answers: '{}',
      sections_done: '[]',
    };
    await server.ctx.db
      .insertInto('assessment_attempts')
      .values([
        { ...base, status: 'submitted', submitted_at: now, result: '{}', report_token: randomUUID() },
        { ...base, status: 'submitted', submitted_at: lastMonth, result: '{}', report_token: randomUUID() },
        { ...base, status: 'in_progress', submitted_at: null, result: null, report_token: null },
      ])
      .execute();
    await server.ctx.db
      .insertInto('evaluation_requests')
      .values({ user_id: user.id, client_id: user.client_id, preferred_times: 'Mornings', notes: '' })
      .execute();
    const after = await health();
    expect(after.activity.selfAssessmentsThisMonth).toBe(before.activity.selfAssessmentsThisMonth + 1);
    expect(after.activity.selfAssessmentsLastMonth).toBe(before.activity.selfAssessmentsLastMonth + 1);
    expect(after.activity.evaluationRequestsThisMonth).toBe(before.activity.evaluationRequestsThisMonth + 1);
    console.log('activity', JSON.stringify(after.activity));
  });

  it('lists failed mail with the recipient masked, newest first', async () => {
    const before = await health();
    await server.ctx.db
      .insertInto('mail_outbox')
      .values([
        {
          to_address: 'harriet.lane@contoso.example',
          subject: 'Your report is ready',
          body_text: 'x',
          status: 'failed',
          attempts: 5,
          last_error: '550 mailbox unavailable',
        },
        {
          to_address: 'omar.haddad@contoso.example',
          subject: 'Set your password',
          body_text: 'x',
          status: 'failed',
          attempts: 5,
          last_error: 'connection timed out',
        },
        { to_address: 'sent.one@contoso.example', subject: 'Welcome', body_text: 'x', status: 'sent', attempts: 1, sent_at: new Date() },
      ])
      .execute();
    const after = await health();
    expect(after.outbox.failed).toBe(before.outbox.failed + 2);
    expect(after.outbox.sent).toBe(before.outbox.sent + 1);
    expect(after.outbox.latestFailures.slice(0, 2)).toMatchObject([
      { to: 'o***@contoso.example', subject: 'Set your password', error: 'connection timed out', attempts: 5 },
      { to: 'h***@contoso.example', subject: 'Your report is ready', error: '550 mailbox unavailable', attempts: 5 },
    ]);
    expect(JSON.stringify(after.outbox)).not.toMatch(/harriet\.lane|omar\.haddad/);
    console.log('outbox', JSON.stringify({ queued: after.outbox.queued, sent: after.outbox.sent, failed: after.outbox.failed }));
  });

  it('shows each of the largest tables with its true number of rows, counted even before any ANALYZE', async () => {
    // A table made one of the largest with a known number of rows.
    const rows = Array.from({ length: 1500 }, (_, i) => ({ user_id: null, path: `/known-rows/${i}/${randomUUID().repeat(20)}` }));
    for (let i = 0; i < rows.length; i += 500)
      await server.ctx.db
        .insertInto('page_views')
        .values(rows.slice(i, i + 500))
        .execute();
    const total = Number(
      (
        await server.ctx.db
          .selectFrom('page_views')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThanOrEqual(1500);
    const { largestTables } = (await health()).storage;
    expect(largestTables.find((t) => t.name === 'page_views')?.estimatedRows).toBe(total);
    for (const table of largestTables) {
      const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table.name)}`.execute(server.ctx.db);
      expect(table.estimatedRows, table.name).toBe(Number(counted.rows[0].n));
    }
  });

  it('reports the audit chain, the storage and the slowest calls', async () => {
    const figures = await health();
    const entries = Number(
      (
        await server.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(figures.audit).toMatchObject({ ok: true, firstBadId: null });
    expect(figures.audit.checked).toBeGreaterThan(0);
    expect(figures.audit.checked).toBeLessThanOrEqual(entries);
    expect(Number.isNaN(Date.parse(figures.audit.checkedAt))).toBe(false);
    expect(figures.storage.bytes).toBeGreaterThan(0);
    if (process.env.TEST_DATABASE_URL) {
      // A schema-scoped test server counts its own tables: their sizes add up to the total.
      expect(figures.storage.scope).toMatch(/^schema t_/);
      expect(figures.storage.bytes).toBeGreaterThanOrEqual(figures.storage.largestTables.reduce((sum, t) => sum + t.bytes, 0));
    } else expect(figures.storage.scope).toBe('database');
    const names = figures.storage.largestTables.map((t) => t.name);
    expect(names).toContain('users');
    expect(figures.storage.largestTables.every((t, i, all) => i === 0 || all[i - 1].bytes >= t.bytes)).toBe(true);
    const health_ = figures.calls.slowest.find((c) => c.name === 'superadmin_health');
    const login = figures.calls.slowest.find((c) => c.name === 'login');
    expect(login?.count).toBeGreaterThanOrEqual(6);
    expect(health_?.count).toBeGreaterThanOrEqual(8);
    for (const c of figures.calls.slowest) expect(c.p50 <= c.p95 && c.p95 <= c.max, c.name).toBe(true);
    console.log(
      'audit',
      JSON.stringify(figures.audit),
      'storage',
      figures.storage.scope,
      figures.storage.bytes,
      'slowest',
      JSON.stringify(figures.calls.slowest.slice(0, 3)),
    );
  });

  it('keeps the chain check for five minutes, then finds a forged entry', async () => {
    const first = (await health()).audit;
    // The log refuses updates and deletes, so the forgery is an entry written around audit() whose hash does not chain.
    const entry = await server.ctx.db
      .insertInto('audit_log')
      .values({
        occurred_at: new Date(),
        action: 'user.updated',
        target: 'forged',
        address: '127.0.0.1',
        details: '{}',
        prev_hash: 'f'.repeat(64),
        hash: '0'.repeat(64),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Within the five minutes the earlier result is shown with the time it was taken.
    expect((await health()).audit).toEqual(first);
    server.advance(AUDIT_CHECK_TTL_MS + 1000);
    const later = (await health()).audit;
    expect(later).toMatchObject({ ok: false, firstBadId: String(entry.id) });
    expect(Date.parse(later.checkedAt)).toBeGreaterThan(Date.parse(first.checkedAt));
    console.log('altered chain', JSON.stringify(later));
  });
});
