import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overdueLoanJob } from '../../src/server/domain/equipment/overdue-loan-job';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Equipment (docs/product.md "Equipment"; manifest/workflows/equipment.yaml) through the real server:
 * offered beside a finding, requested (approved at once under the client's amount), decided by the
 * client's programme manager, ordered and delivered or lent and taken back by fulfilment, each step
 * once however many clicks, and an overdue loan reminded once.
 */
interface Offer {
  id: number;
  slug: string;
  name: string;
  price_cents: number;
  mode: string;
  available: boolean;
  open_request: string | null;
}
const DAY = 86_400_000;
let server: TestServer;
let ids: Record<string, number>;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  if (!agents.has(email)) agents.set(email, await signedInAgent(server.url, email, PASSWORD));
  return agents.get(email)!;
}

async function item(clientCode: string, slug: string) {
  return server.ctx.db
    .selectFrom('equipment_items')
    .selectAll()
    .where('client_id', '=', ids[clientCode]!)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
}
const requestState = async (id: number) =>
  (await server.ctx.db.selectFrom('equipment_requests').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const mailsTo = async (email: string, subject: string) =>
  (await server.ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).filter((m) =>
    m.subject.includes(subject),
  ).length;

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
});
afterAll(async () => {
  await server?.close();
});

describe('equipment requests', () => {
  it("offers the client's items that answer a finding, in the reader's language", async () => {
    const employee = await as(ACCOUNTS.employee);
    const answer = await employee.get('/equipment/offers?keys=office:laptop.no_external&lang=de');
    expect(answer.status).toBe(200);
    const items = (answer.data as { items: Offer[] }).items;
    expect(items.map((i) => i.slug)).toEqual(expect.arrayContaining(['laptop-stand', 'keyboard-mouse-set', 'portable-screen']));
    expect(items.find((i) => i.slug === 'laptop-stand')!.name).toBe('Höhenverstellbarer Laptopständer');
    // Nothing for a key no item answers; too many keys is a 400.
    expect(((await employee.get('/equipment/offers?keys=nothing.here')).data as { items: Offer[] }).items).toEqual([]);
    const many = Array.from({ length: 51 }, (_, i) => `k${i}`).join(',');
    expect((await employee.get(`/equipment/offers?keys=${many}`)).status).toBe(400);
  });

  it('approves a request under the amount at once, leaves one at or over it for the manager, and makes one of a burst', async () => {
    const employee = await as(ACCOUNTS.employee);
    const stand = await item('NW01', 'laptop-stand');
    const chair = await item('NW01', 'task-chair');
    const limit = (
      await server.ctx.db.selectFrom('clients').select('equipment_auto_approve_cents').where('id', '=', ids.NW01!).executeTakeFirstOrThrow()
    ).equipment_auto_approve_cents!;
    expect(stand.price_cents).toBeLessThan(limit);
    expect(chair.price_cents).toBeGreaterThanOrEqual(limit);
    // Where it goes is required.
    expect((await employee.post('/equipment/requests', { item_id: stand.id })).status).toBe(400);
    const made = await employee.post('/equipment/requests', { item_id: stand.id, desk_location: 'Floor 2, desk 14' });
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ state: 'approved', auto_approved: true });
    expect(await mailsTo(ACCOUNTS.employee, 'Approved: Height-adjustable laptop stand')).toBe(1);
    // A double click or a burst of ten: one open request, the rest 409.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => employee.post('/equipment/requests', { item_id: chair.id, delivery_address: '1 High Street' })),
    );
    expect(burst.filter((a) => a.status === 200)).toHaveLength(1);
    expect(burst.filter((a) => a.status === 409)).toHaveLength(9);
    expect(burst.find((a) => a.status === 200)!.data).toMatchObject({ state: 'requested', auto_approved: false });
    const open = await server.ctx.db
      .selectFrom('equipment_requests')
      .select('id')
      .where('user_id', '=', ids[ACCOUNTS.employee]!)
      .where('item_id', '=', chair.id)
      .execute();
    expect(open).toHaveLength(1);
    // The boundary: a total exactly at the amount waits; one cent under is approved.
    await server.ctx.db
      .updateTable('clients')
      .set({ equipment_auto_approve_cents: 2 * stand.price_cents })
      .where('id', '=', ids.NW01!)
      .execute();
    const two = await (
      await as(ACCOUNTS.newStarter)
    ).post('/equipment/requests', { item_id: stand.id, quantity: 2, desk_location: 'Desk 1' });
    expect(two.data).toMatchObject({ state: 'requested', auto_approved: false });
    await server.ctx.db
      .updateTable('clients')
      .set({ equipment_auto_approve_cents: 2 * stand.price_cents + 1 })
      .where('id', '=', ids.NW01!)
      .execute();
    const kbd = await item('NW01', 'vertical-mouse');
    await server.ctx.db.updateTable('equipment_items').set({ price_cents: stand.price_cents }).where('id', '=', kbd.id).execute();
    const under = await (
      await as(ACCOUNTS.newStarter)
    ).post('/equipment/requests', { item_id: kbd.id, quantity: 2, desk_location: 'Desk 1' });
    expect(under.data).toMatchObject({ state: 'approved', auto_approved: true });
    await server.ctx.db.updateTable('clients').set({ equipment_auto_approve_cents: limit }).where('id', '=', ids.NW01!).execute();
    // My equipment lists both, newest first.
    const mine = (await employee.get('/equipment/mine')).data as { rows: { item: string; state: string }[]; total: number };
    expect(mine.total).toBe(2);
    expect(mine.rows[0]).toMatchObject({ item: 'Fully adjustable task chair', state: 'requested' });
  });

  it('lets the manager approve or decline (with a reason) once, in parallel too; audited and e-mailed', async () => {
    const manager = await as(ACCOUNTS.manager);
    const waiting = (await manager.get('/equipment/requests/rows?state=requested')).data as {
      rows: { id: number; email: string; can_decide: boolean }[];
      total: number;
    };
    expect(waiting.total).toBeGreaterThanOrEqual(2);
    expect(waiting.rows.every((r) => r.can_decide)).toBe(true);
    const chair = waiting.rows.find((r) => r.email === ACCOUNTS.employee)!;
    const other = waiting.rows.find((r) => r.email === ACCOUNTS.newStarter)!;
    // On the overview's attention panel.
    const overview = (await manager.get(`/dashboards/program-overview?client_id=${ids.NW01}`)).data as {
      attention: { equipment_waiting: { count: number } | null };
    };
    expect(overview.attention.equipment_waiting?.count).toBe(waiting.total);
    // Declining needs a reason.
    expect((await manager.post(`/equipment/requests/${other.id}/decide`, { transition: 'decline' })).status).toBe(400);
    expect((await manager.post(`/equipment/requests/${other.id}/decide`, { transition: 'decline', reason: '  ' })).status).toBe(400);
    // Approve and decline at once: one wins, the other is told it moved on.
    const race = await Promise.all([
      manager.post(`/equipment/requests/${chair.id}/decide`, { transition: 'approve' }),
      manager.post(`/equipment/requests/${chair.id}/decide`, { transition: 'decline', reason: 'Budget spent' }),
      manager.post(`/equipment/requests/${chair.id}/decide`, { transition: 'approve' }),
    ]);
    expect(race.filter((a) => a.status === 200)).toHaveLength(1);
    expect(race.filter((a) => a.status === 409)).toHaveLength(2);
    const winner = race.find((a) => a.status === 200)!.data as { state: string };
    expect(await requestState(chair.id)).toBe(winner.state);
    const declined = await manager.post(`/equipment/requests/${other.id}/decide`, {
      transition: 'decline',
      reason: 'One stand is enough.',
    });
    expect(declined.status).toBe(200);
    expect(await mailsTo(ACCOUNTS.newStarter, 'declined')).toBe(1);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', 'like', 'equipment_request:%')
      .execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'equipment.decline', target: `equipment_request:${other.id}` }]));
    // The employee and fulfilment may not decide.
    expect((await (await as(ACCOUNTS.employee)).post(`/equipment/requests/${chair.id}/decide`, { transition: 'approve' })).status).toBe(
      403,
    );
  });

  it('keeps every client to its own: items and requests of another client answer 404', async () => {
    const arcadiaChair = await item('a45', 'task-chair');
    const employee = await as(ACCOUNTS.employee);
    expect((await employee.post('/equipment/requests', { item_id: arcadiaChair.id, desk_location: 'x' })).status).toBe(404);
    const arcadia = await as(ACCOUNTS.arcadiaEmployee);
    const theirs = await arcadia.post('/equipment/requests', { item_id: arcadiaChair.id, desk_location: 'Desk 9' });
    expect(theirs.status).toBe(200);
    const id = (theirs.data as { id: number }).id;
    const manager = await as(ACCOUNTS.manager);
    expect((await manager.post(`/equipment/requests/${id}/decide`, { transition: 'approve' })).status).toBe(404);
    const rows = (await manager.get('/equipment/requests/rows?size=500')).data as { rows: { client_id: number }[] };
    expect(rows.rows.every((r) => r.client_id === ids.NW01)).toBe(true);
    expect(await requestState(id)).toBe('requested');
    // The manager's export is their client's only, and audited.
    const csv = await manager.raw('GET', '/blogs/api/equipment/requests/export?format=csv');
    expect(csv.status).toBe(200);
    expect(String(csv.body.text)).toContain('Fully adjustable task chair');
    expect(String(csv.body.text)).not.toContain(ACCOUNTS.arcadiaEmployee);
  });

  it('orders and delivers a bought item; lends and takes back a loaned one, stock never below zero', async () => {
    const admin = await as(ACCOUNTS.admin);
    const todo = (await admin.get(`/equipment/fulfilment/rows?client_id=${ids.NW01}&state=approved`)).data as {
      rows: { id: number; item: string; can_order: boolean; can_lend: boolean }[];
    };
    const chair = todo.rows.find((r) => r.item === 'Height-adjustable laptop stand')!;
    expect(chair.can_order).toBe(true);
    expect(chair.can_lend).toBe(false);
    // Lending a bought item is refused; delivering before ordering too.
    expect((await admin.post(`/equipment/requests/${chair.id}/fulfil`, { transition: 'lend' })).status).toBe(409);
    expect((await admin.post(`/equipment/requests/${chair.id}/fulfil`, { transition: 'deliver' })).status).toBe(409);
    const orders = await Promise.all([1, 2, 3].map(() => admin.post(`/equipment/requests/${chair.id}/fulfil`, { transition: 'order' })));
    expect(orders.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await admin.post(`/equipment/requests/${chair.id}/fulfil`, { transition: 'deliver' })).status).toBe(200);
    expect(await requestState(chair.id)).toBe('delivered');
    expect(await mailsTo(ACCOUNTS.employee, 'Delivered: Height-adjustable laptop stand')).toBe(1);
    // The manager may not fulfil.
    expect((await (await as(ACCOUNTS.manager)).post(`/equipment/requests/${chair.id}/fulfil`, { transition: 'order' })).status).toBe(403);

    // Parallel loans of an item with two in stock: two lent, the rest refused, stock 0, never negative.
    const screen = await item('NW01', 'portable-screen');
    await server.ctx.db.updateTable('equipment_items').set({ stock: 2 }).where('id', '=', screen.id).execute();
    const borrowers = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', ids.NW01!)
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(5)
      .execute();
    const made = await server.ctx.db
      .insertInto('equipment_requests')
      .values(
        borrowers.map((u) => ({
          client_id: ids.NW01!,
          user_id: u.id,
          item_id: screen.id,
          unit_price_cents: screen.price_cents,
          currency: screen.currency,
          mode: 'loaned' as const,
          desk_location: 'Desk',
          state: 'approved',
        })),
      )
      .returning('id')
      .execute();
    const lends = await Promise.all(made.map((r) => admin.post(`/equipment/requests/${r.id}/fulfil`, { transition: 'lend' })));
    expect(lends.filter((a) => a.status === 200)).toHaveLength(2);
    expect(lends.filter((a) => a.status === 409)).toHaveLength(made.length - 2);
    expect((await item('NW01', 'portable-screen')).stock).toBe(0);
    const lent = made.filter((_, i) => lends[i]!.status === 200);
    const back = await Promise.all([1, 2].map(() => admin.post(`/equipment/requests/${lent[0]!.id}/fulfil`, { transition: 'take_back' })));
    expect(back.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await item('NW01', 'portable-screen')).stock).toBe(1);
  });

  it('reminds an overdue loan once, whatever runs the job in parallel, and shows it to the manager', async () => {
    const loan = await server.ctx.db
      .selectFrom('equipment_requests')
      .innerJoin('users', 'users.id', 'equipment_requests.user_id')
      .select(['equipment_requests.id', 'equipment_requests.loan_due_at', 'users.email'])
      .where('equipment_requests.state', '=', 'loaned')
      .where('equipment_requests.client_id', '=', ids.NW01!)
      .executeTakeFirstOrThrow();
    const reminders = () => mailsTo(loan.email, 'Please return');
    await runDueJobs(server.ctx, [overdueLoanJob]);
    expect(await reminders()).toBe(0);
    server.advance(new Date(loan.loan_due_at!).getTime() - Date.now() + DAY);
    // Months later every session has ended: sign in again.
    agents.clear();
    // A second job for the same loan (as a second server might have scheduled) and parallel runs.
    await server.ctx.db
      .insertInto('scheduled_jobs')
      .values({ kind: overdueLoanJob.kind, payload: JSON.stringify({ request_id: loan.id, origin: 'http://x' }), run_at: new Date(0) })
      .execute();
    await Promise.all([
      runDueJobs(server.ctx, [overdueLoanJob]),
      runDueJobs(server.ctx, [overdueLoanJob]),
      runDueJobs(server.ctx, [overdueLoanJob]),
    ]);
    await runDueJobs(server.ctx, [overdueLoanJob]);
    expect(await reminders()).toBe(1);
    const summary = (await (await as(ACCOUNTS.manager)).get('/equipment/summary')).data as {
      overdue_loans: { id: number }[];
      by_month: unknown[];
      currency: string;
    };
    expect(summary.overdue_loans.map((l) => l.id)).toContain(loan.id);
    expect(summary.by_month).toHaveLength(12);
    expect(summary.currency).toBe('EUR');
  });
});

describe('the equipment catalogue', () => {
  it("lets an administrator add and change a client's item with its words, and refuses others", async () => {
    const admin = await as(ACCOUNTS.admin);
    const body = {
      client_id: ids.NW01,
      slug: 'wrist-rest',
      category: 'input',
      price_cents: 1900,
      mode: 'bought',
      answers: ['keyboard.wrist_extension'],
      texts: { en: { name: 'Keyboard wrist rest', description: 'A soft rest in front of the keyboard.' }, fr: { name: 'Repose-poignets' } },
    };
    const created = await admin.post('/equipment/items', body);
    expect(created.status).toBe(200);
    const id = (created.data as { id: number }).id;
    expect((await admin.post('/equipment/items', body)).status).toBe(409);
    // A loaned item needs stock and loan days; English is required.
    expect((await admin.post('/equipment/items', { ...body, slug: 'x-1', mode: 'loaned' })).status).toBe(400);
    expect((await admin.post('/equipment/items', { ...body, slug: 'x-2', texts: { fr: { name: 'x' } } })).status).toBe(400);
    expect((await admin.post('/equipment/items', { ...body, slug: 'x-3', image: 'javascript:alert(1)' })).status).toBe(400);
    const changed = await admin.post(`/equipment/items/${id}`, { ...body, price_cents: 2100 });
    expect(changed.status).toBe(200);
    const got = (await admin.get(`/equipment/items/${id}`)).data as {
      item: { price_cents: number; texts: Record<string, { name: string }> };
    };
    expect(got.item.price_cents).toBe(2100);
    expect(got.item.texts.fr!.name).toBe('Repose-poignets');
    const settings = await admin.post(`/equipment/settings/${ids.NW01}`, {
      equipment_currency: 'EUR',
      equipment_auto_approve_cents: 20000,
      equipment_budget_cents: 5_000_000,
    });
    expect(settings.status).toBe(200);
    expect(
      (
        await admin.post(`/equipment/settings/${ids.NW01}`, {
          equipment_currency: 'XYZ',
          equipment_auto_approve_cents: null,
          equipment_budget_cents: null,
        })
      ).status,
    ).toBe(400);
    // The manager and the employee may not edit the catalogue.
    expect((await (await as(ACCOUNTS.manager)).post('/equipment/items', { ...body, slug: 'y' })).status).toBe(403);
    expect((await (await as(ACCOUNTS.employee)).get(`/equipment/items/rows?client_id=${ids.NW01}`)).status).toBe(403);
    const list = (await admin.get(`/equipment/items/rows?client_id=${ids.NW01}&q=wrist`)).data as { rows: { slug: string }[] };
    expect(list.rows.map((r) => r.slug)).toEqual(['wrist-rest']);
  });
});
