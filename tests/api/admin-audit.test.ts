import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  await new Agent(server.url).login(ACCOUNTS.manager, 'a-wrong-password-for-the-log');
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

type Page = { rows: { action: string; actor_email: string }[]; total: number };

describe('audit log viewer', () => {
  it('filters by action and actor on the server, newest first', async () => {
    const failures = (await admin.get('/admin/audit-log?action=login.failure')).data as Page;
    expect(failures.rows.map((r) => r.actor_email)).toEqual([ACCOUNTS.manager]);
    const mine = (await admin.get('/admin/audit-log?actor=ADMIN@ergoportal')).data as Page;
    expect(mine.rows.every((r) => r.actor_email === ACCOUNTS.admin)).toBe(true);
    expect(mine.rows[0].action).toBe('login.success');
    const today = new Date().toISOString().slice(0, 10);
    expect(((await admin.get(`/admin/audit-log?from=${today}&to=${today}`)).data as Page).total).toBeGreaterThanOrEqual(2);
    expect(((await admin.get('/admin/audit-log?to=2020-01-01')).data as Page).total).toBe(0);
  });

  it("names each entry's client and filters by client", async () => {
    type Named = { rows: { client_id: number | null; client_name: string | null; action: string }[]; total: number };
    const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_name', 'company_code']).execute();
    const northwind = clients.find((c) => c.company_code === 'NW01')!;
    const all = (await admin.get('/admin/audit-log?size=500')).data as Named;
    const named = all.rows.filter((r) => r.client_id !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const r of all.rows) expect(r.client_name).toBe(clients.find((c) => c.id === r.client_id)?.company_name ?? null);
    const narrowed = (await admin.get(`/admin/audit-log?client_id=${northwind.id}&size=500`)).data as Named;
    expect(narrowed.total).toBe(named.filter((r) => r.client_id === northwind.id).length);
    expect(narrowed.rows.every((r) => r.client_name === northwind.company_name)).toBe(true);
    const other = clients.find((c) => c.company_code === 'FAB1')!;
    expect(((await admin.get(`/admin/audit-log?client_id=${other.id}`)).data as Named).rows.every((r) => r.client_id === other.id)).toBe(
      true,
    );
  });

  it('reports whether the hash chain verifies', async () => {
    expect((await admin.get('/admin/audit-log/verify')).data).toMatchObject({ ok: true, firstBadId: null });
  });

  it('refuses bad filters (400), guests (401) and users without audit-log-viewer-view (403)', async () => {
    for (const qs of ['size=0', 'from=yesterday', 'action=DROP%20TABLE', 'action=made.up', 'client_id=x'])
      expect((await admin.get(`/admin/audit-log?${qs}`)).status, qs).toBe(400);
    expect((await new Agent(server.url).get('/admin/audit-log')).status).toBe(401);
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    expect((await employee.get('/admin/audit-log')).status).toBe(403);
    expect((await employee.get('/admin/audit-log/verify')).status).toBe(403);
  });
});

describe('the chain survives the database reordering JSON keys', () => {
  it('verifies after entries with nested details', async () => {
    const { audit, verifyAuditChain } = await import('../../src/server/audit/audit');
    await audit(server.ctx.db, {
      action: 'user.updated',
      details: { zeta: 1, alpha: { b: 2, a: [3, { y: 1, x: 2 }] }, middle: 'x', gone: undefined },
    });
    await audit(server.ctx.db, { action: 'user.updated', details: { longer_key_name: true, k: false } });
    expect(await verifyAuditChain(server.ctx.db)).toMatchObject({ ok: true });
  });
});
