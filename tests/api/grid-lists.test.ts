import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The lists that became manifest grids (manifest/grids/blog_posts, staff_assignments,
 * evaluator_queue): each accepts only its declared sort keys and filters, answers only the
 * permissions its call names, and the queue keeps the evaluator's clients, oldest first, 50 a page.
 */
let server: TestServer;
let clients: Record<string, number>;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);
const idOf = async (email: string) =>
  (await server.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  clients = Object.fromEntries(rows.map((r) => [r.company_code, r.id]));
});
afterAll(async () => {
  await server?.close();
});

const LISTS = [
  { path: '/admin/blog/rows', reader: ACCOUNTS.admin, filter: 'status=live' },
  { path: '/admin/staff-assignments/rows', reader: ACCOUNTS.admin, filter: null },
  { path: '/evaluator/queue/rows', reader: ACCOUNTS.evaluator, filter: 'client_id=abc' },
];

describe('the grid list calls', () => {
  it.each(LISTS)(
    '$path refuses an unknown sort key, filter or direction with a 400 and a reader without permission with a 403',
    async (list) => {
      const reader = await as(list.reader);
      expect((await reader.get(list.path)).status).toBe(200);
      for (const bad of [
        'sort=id',
        'sort=__proto__',
        'dir=up',
        'colour=red',
        'size=0',
        'start=-1',
        ...(list.filter ? [list.filter] : []),
      ]) {
        const answer = await reader.get(`${list.path}?${bad}`);
        expect(answer.status, bad).toBe(400);
      }
      expect((await (await as(ACCOUNTS.employee)).get(list.path)).status).toBe(403);
    },
  );

  it('the blog list sorts, searches and filters as declared, and marks the posts the public can read', async () => {
    const admin = await as(ACCOUNTS.admin);
    const all = (await admin.get('/admin/blog/rows')).data as {
      total: number;
      rows: { title: string; status: string; published: boolean; updated_at: string }[];
    };
    expect(all.total).toBe(all.rows.length);
    expect(all.total).toBeGreaterThan(0);
    // Newest change first by default, as the hand-built list showed them.
    const times = all.rows.map((r) => Date.parse(r.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const row of all.rows) expect(row.published).toBe(row.status === 'published');
    const byTitle = (await admin.get('/admin/blog/rows?sort=title&dir=asc')).data as { rows: { title: string }[] };
    expect(byTitle.rows.map((r) => r.title)).toEqual(all.rows.map((r) => r.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const word = all.rows[0].title.split(' ')[0];
    const found = (await admin.get(`/admin/blog/rows?q=${encodeURIComponent(word.toUpperCase())}`)).data as { rows: { title: string }[] };
    expect(found.rows.length).toBeGreaterThan(0);
    for (const row of found.rows) expect(row.title.toLowerCase()).toContain(word.toLowerCase());
    const drafts = (await admin.get('/admin/blog/rows?status=draft')).data as { rows: { status: string }[] };
    for (const row of drafts.rows) expect(row.status).toBe('draft');
    // An evaluator has no blog-admin-center-view.
    expect((await (await as(ACCOUNTS.evaluator)).get('/admin/blog/rows')).status).toBe(403);
  });

  it('the staff-assignment list filters by name, e-mail or client, and is closed to those who may not view users or clients', async () => {
    const admin = await as(ACCOUNTS.admin);
    const contoso = (await admin.get('/admin/staff-assignments/rows?q=contoso')).data as {
      total: number;
      rows: { company_name: string; email: string; person: string }[];
    };
    expect(contoso.total).toBeGreaterThan(0);
    for (const row of contoso.rows) expect(row.company_name).toBe('Contoso');
    const priya = (await admin.get('/admin/staff-assignments/rows?q=priya')).data as { rows: { email: string; person: string }[] };
    expect(new Set(priya.rows.map((r) => r.email))).toEqual(new Set([ACCOUNTS.evaluator2]));
    expect(priya.rows[0].person).toBe('Priya Raman');
    const paged = (await admin.get('/admin/staff-assignments/rows?sort=assigned_at&dir=desc&start=1&size=1')).data as {
      total: number;
      rows: unknown[];
    };
    expect(paged.rows.length).toBe(paged.total > 1 ? 1 : 0);
    const byPerson = (await admin.get('/admin/staff-assignments/rows?sort=person&dir=desc')).data as { rows: { person: string }[] };
    const people = byPerson.rows.map((r) => r.person);
    expect(people).toEqual([...people].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect((await (await as(ACCOUNTS.evaluator)).get('/admin/staff-assignments/rows')).status).toBe(403);
  });

  it('the queue holds only the evaluator’s own clients, oldest first, 50 to a page', async () => {
    const employeeId = await idOf(ACCOUNTS.employee);
    const evaluatorId = await idOf(ACCOUNTS.evaluator);
    // Fabrikam stops being the evaluator's, so that one client of the seed is not theirs.
    await (await as(ACCOUNTS.admin)).post('/admin/staff-assignments/remove', { user_id: evaluatorId, client_id: clients.FAB1 });
    // 60 open requests at Northwind, written out of order, so that the order is the server's.
    const day = 86_400_000;
    const base = Date.UTC(2026, 0, 5);
    const offsets = Array.from({ length: 60 }, (_, i) => (i * 37) % 60);
    await server.ctx.db
      .insertInto('evaluation_requests')
      .values(
        offsets.map((k) => ({
          user_id: employeeId,
          client_id: clients.NW01,
          preferred_times: `Mornings ${k}`,
          notes: '',
          created_at: new Date(base + k * day),
          updated_at: new Date(base + k * day),
        })),
      )
      .execute();
    const assigned = (
      await server.ctx.db.selectFrom('staff_client_assignments').select('client_id').where('user_id', '=', evaluatorId).execute()
    ).map((a) => a.client_id);
    expect(assigned).toContain(clients.NW01);
    const expected = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select(['id'])
      .where('status', '=', 'requested')
      .where('client_id', 'in', assigned)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(expected.length).toBeGreaterThanOrEqual(60);
    const evaluator = await as(ACCOUNTS.evaluator);
    type Page = { total: number; rows: { id: number; client_id: number; created_at: string; business_days_waited: number }[] };
    const first = (await evaluator.get('/evaluator/queue/rows')).data as Page;
    expect(first.total).toBe(expected.length);
    expect(first.rows.length).toBe(50);
    expect(first.rows.map((r) => r.id)).toEqual(expected.slice(0, 50).map((r) => r.id));
    for (const row of first.rows) expect(assigned).toContain(row.client_id);
    expect(first.rows[0].business_days_waited).toBeGreaterThan(first.rows[49].business_days_waited);
    const second = (await evaluator.get('/evaluator/queue/rows?start=50&size=50')).data as Page;
    expect(second.rows.map((r) => r.id)).toEqual(expected.slice(50, 100).map((r) => r.id));
    expect((await evaluator.get('/evaluator/queue/rows?size=101')).status).toBe(400);
    // One client of the evaluator's; another client's queue is not found, and a second evaluator never sees these.
    const northwind = (await evaluator.get(`/evaluator/queue/rows?client_id=${clients.NW01}`)).data as Page;
    expect(new Set(northwind.rows.map((r) => r.client_id))).toEqual(new Set([clients.NW01]));
    const unassigned = clients.FAB1;
    expect(assigned).not.toContain(unassigned);
    const refused = await evaluator.get(`/evaluator/queue/rows?client_id=${unassigned}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(404);
    const other = await idOf(ACCOUNTS.evaluator2);
    const theirs = (
      await server.ctx.db.selectFrom('staff_client_assignments').select('client_id').where('user_id', '=', other).execute()
    ).map((a) => a.client_id);
    const seen = (await (await as(ACCOUNTS.evaluator2)).get('/evaluator/queue/rows?size=100')).data as Page;
    for (const row of seen.rows) expect(theirs).toContain(row.client_id);
    if (!theirs.includes(clients.NW01)) {
      expect(seen.rows.map((r) => r.id)).not.toContain(first.rows[0].id);
      expect((await (await as(ACCOUNTS.evaluator2)).get(`/evaluator/queue/rows?client_id=${clients.NW01}`)).status).toBe(404);
    }
  });
});
