import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { decodeReplyData } from '../../src/shared/envelope';
import { seedActivity } from '../helpers/activity-fixtures';
import { seriousAxe, signedInPage, walkMenu } from './support/dashboards';
import { startProduct, type Product } from './support/product';

/**
 * SPEC §2 /user/evaluator in a real browser: the evaluator opens every page of their menu (the
 * Evaluator page and the Help Center; they hold no custom-search permission), reads per client the
 * open and booked requests and the queue the database holds, and narrows a client to its employees.
 */
let product: Product;
let northwind: number;

beforeAll(async () => {
  product = await startProduct();
  northwind = (await seedActivity(product.server.ctx.db, 'NW01', product.server.ctx.now())).clientId;
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const count = async (query: ReturnType<typeof sql<{ c: string }>>) => Number((await query.execute(product.server.ctx.db)).rows[0]!.c);

describe('evaluator dashboards', () => {
  it('opens every page of the menu and reads figures equal to the database, narrowed to a client’s employees', async () => {
    const page = await signedInPage(product, ACCOUNTS.evaluator);
    const seen = await walkMenu(page, 'Dashboard', '/user/evaluator');
    expect(seen).toEqual(['Evaluator → Evaluator', 'Actions needing help → Actions needing help', 'Help Center → Help Center']);
    // No custom search without its permission: the call is refused too.
    expect((await page.request.get('/blogs/api/custom-search-clients')).status()).toBe(403);

    const queuePage = page.waitForResponse((r) => r.url().includes('/evaluator/queue/rows'));
    await page.goto('/user/evaluator');
    const db = product.server.ctx.db;
    const me = await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow();
    const assigned = await db
      .selectFrom('staff_client_assignments as a')
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .select(['c.id', 'c.company_name', 'c.company_code'])
      .where('a.user_id', '=', me.id)
      .execute();
    expect(assigned.length).toBeGreaterThan(1);
    const clients = page.locator('h2:text-is("Your clients") + .report-table-wrap table');
    await clients.waitFor();
    expect(await clients.locator('tbody tr').count()).toBe(assigned.length);
    for (const c of assigned) {
      const cells = clients
        .locator('tbody tr')
        .filter({ hasText: `${c.company_name} (${c.company_code})` })
        .locator('td');
      const [open, booked] = await Promise.all([
        count(sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${c.id} AND status = 'requested'`),
        count(sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${c.id} AND status = 'scheduled'`),
      ]);
      expect([await cells.nth(1).textContent(), await cells.nth(2).textContent()], c.company_code).toEqual([String(open), String(booked)]);
    }
    // The queue: every open request of the assigned clients.
    const waiting = await count(sql`SELECT count(*) AS c FROM evaluation_requests
      WHERE status = 'requested' AND client_id IN (SELECT client_id FROM staff_client_assignments WHERE user_id = ${me.id})`);
    expect(waiting).toBeGreaterThan(0);
    // The queue shows 50 at a time, oldest first, and says how many there are in all (manifest/grids/evaluator_queue.yaml).
    const rowsOf = async (answer: { json: () => Promise<unknown> }) =>
      (decodeReplyData(((await answer.json()) as { data: unknown }).data) as { rows: unknown[] }).rows.length;
    const firstPage = await queuePage;
    const asked = new URL(firstPage.url()).searchParams;
    expect([asked.get('start'), asked.get('size')]).toEqual(['0', '50']);
    expect(await rowsOf(firstPage)).toBe(Math.min(waiting, 50));
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${waiting} requests?$`) })
      .waitFor();
    // Narrowed to one client: only that client's open requests.
    const northwindOpen = await count(
      sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'requested'`,
    );
    const narrowed = page.waitForResponse((r) => r.url().includes('/evaluator/queue/rows') && r.url().includes(`client_id=${northwind}`));
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Northwind' });
    expect(await rowsOf(await narrowed)).toBe(Math.min(northwindOpen, 50));
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${northwindOpen} requests?$`) })
      .waitFor();

    // Northwind narrowed to its employees: the list holds as many as the database.
    await page.getByRole('link', { name: 'Search employees of Northwind' }).click();
    await page.waitForURL(`**/user/evaluator-employee-search/${northwind}`);
    await page.getByRole('heading', { level: 1, name: 'Employee search: Northwind' }).waitFor();
    const employees = await count(sql`SELECT count(*) AS c FROM users u WHERE u.client_id = ${northwind}
      AND u.role_id IN (SELECT role_id FROM role_permissions WHERE permission = 'dashboard-pages-employee-dashboard-view')`);
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${employees} employees$`) })
      .waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
