import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The programme manager's equipment grid (docs/product.md "Equipment"; src/server/api/equipment/
 * request-rows.ts) on more requests than it counts: the category, search and amount sort find the
 * same rows, in the same order, as the request joined to its employee and item would, and the count
 * stops at 10,000 with `more` while a narrower filter or a short page is counted exactly.
 */
const CAP = 10_000;
const BULK = CAP + 60;
let server: TestServer;
let manager: Agent;
let clientId: number;

interface Answer {
  total: number;
  more: boolean;
  rows: { id: number; total_cents: number; category: string }[];
}
const list = async (query: string) => (await manager.get(`/equipment/requests/rows?${query}`)).data as Answer;

/** The ids the joined rows give, newest first, for a condition on r (the request), u (its employee) and i (its item). */
async function expected(condition: RawBuilder<unknown>, order = sql`r.created_at DESC, r.id DESC`) {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM equipment_requests r JOIN users u ON u.id = r.user_id JOIN equipment_items i ON i.id = r.item_id
    WHERE r.client_id = ${clientId} AND ${condition} ORDER BY ${order}`.execute(server.ctx.db);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  clientId = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  // Delivered requests, one in fifty declined (none is open, so the one-open-request index holds), of
  // the client's people and items in turn, with quantities 1 to 3, a minute apart.
  await sql`
    WITH people AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE client_id = ${clientId}),
         items AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(price_cents ORDER BY id) AS prices, array_agg(mode ORDER BY id) AS modes
                   FROM equipment_items WHERE client_id = ${clientId})
    INSERT INTO equipment_requests (client_id, user_id, item_id, quantity, unit_price_cents, currency, mode, desk_location, state, decline_reason, created_at, updated_at)
    SELECT ${clientId}, people.ids[1 + g % cardinality(people.ids)], items.ids[1 + (g / 7) % cardinality(items.ids)], 1 + g % 3,
      items.prices[1 + (g / 7) % cardinality(items.ids)], 'EUR', items.modes[1 + (g / 7) % cardinality(items.ids)], 'Desk ' || g,
      CASE WHEN g % 50 = 0 THEN 'declined' ELSE 'delivered' END, CASE WHEN g % 50 = 0 THEN 'Not this year.' END,
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    FROM generate_series(1, ${BULK}) AS g, people, items`.execute(db);
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("the manager's equipment grid", () => {
  it('counts up to 10,000 and says there are more; a narrower filter and a short page are counted exactly', async () => {
    const all = await list('start=0&size=100');
    expect(all).toMatchObject({ total: CAP, more: true });
    expect(all.rows.map((r) => r.id)).toEqual((await expected(sql`true`)).slice(0, 100));
    const declined = await expected(sql`r.state = 'declined'`);
    expect(declined.length).toBeGreaterThan(100);
    const page = await list('state=declined&start=0&size=100');
    expect(page).toMatchObject({ total: declined.length, more: false });
    expect(page.rows.map((r) => r.id)).toEqual(declined.slice(0, 100));
    const everyone = await expected(sql`true`);
    const last = await list(`start=${everyone.length - 5}&size=100`);
    expect(last).toMatchObject({ total: everyone.length, more: false });
    expect(last.rows.map((r) => r.id)).toEqual(everyone.slice(-5));
    // Past the end: nothing on the page, and the count says how many there are.
    expect(await list(`start=${everyone.length + 100}&size=100`)).toMatchObject({ rows: [], total: CAP, more: true });
  });

  it("filters a category by the request's item and sorts it by amount, as the joined rows do", async () => {
    const seating = await expected(sql`i.category = 'seating'`, sql`r.quantity * r.unit_price_cents DESC, r.id DESC`);
    expect(seating.length).toBeGreaterThan(100);
    expect(seating.length).toBeLessThan(CAP);
    const page = await list('category=seating&sort=total_cents&dir=desc&start=0&size=100');
    expect(page).toMatchObject({ total: seating.length, more: false });
    expect(page.rows.map((r) => r.id)).toEqual(seating.slice(0, 100));
    expect(page.rows.every((r) => r.category === 'seating')).toBe(true);
  });

  it('searches any part of "first last", the e-mail and the item name, as the joined rows do', async () => {
    const someone = await server.ctx.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    const itemName = (
      await sql<{ name: string }>`SELECT t.name FROM equipment_item_texts t JOIN equipment_items i ON i.id = t.item_id
        WHERE i.client_id = ${clientId} AND t.language = 'en' ORDER BY t.item_id LIMIT 1`.execute(server.ctx.db)
    ).rows[0]!.name;
    // Across the space between the names, a part of the e-mail, and a part of an item's name.
    const words = [`${someone.first_name.slice(-2)} ${someone.last_name.slice(0, 3)}`, someone.email.split('@')[0]!, itemName.slice(2, 9)];
    for (const word of words) {
      const like = `%${word.toLowerCase()}%`;
      const matching = await expected(
        sql`(lower(u.first_name || ' ' || u.last_name) LIKE ${like} OR lower(u.email) LIKE ${like}
          OR EXISTS (SELECT 1 FROM equipment_item_texts t WHERE t.item_id = r.item_id AND lower(t.name) LIKE ${like}))`,
      );
      expect(matching.length, word).toBeGreaterThan(0);
      const page = await list(`q=${encodeURIComponent(word)}&start=0&size=100`);
      expect(
        page.rows.map((r) => r.id),
        word,
      ).toEqual(matching.slice(0, 100));
      expect(page.total, word).toBe(Math.min(matching.length, CAP));
    }
  });
});
