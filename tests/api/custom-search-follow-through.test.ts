import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent';
import type { TestServer } from '../helpers/test-server';
import { q, startCustomSearchWorld, type Rows } from '../helpers/custom-search-world';

/**
 * Custom search on what employees were given to do and sent (docs/product.md "Corrective actions",
 * "Equipment"; SPEC §2 /user/custom-search-*): conditions on the employee's corrective actions (state,
 * overdue) and equipment requests (state, category) give what an independent SQL query gives, and only
 * the searched client's actions and requests count, even for an employee who also works for another.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
let arcadia: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ server, manager, northwind, arcadia } = await startCustomSearchWorld());
  const db = server.ctx.db;
  const owners = await sql<{
    user_id: number;
  }>`SELECT DISTINCT user_id FROM assessment_attempts WHERE client_id = ${northwind} ORDER BY user_id`
    .execute(db)
    .then((r) => r.rows.map((x) => x.user_id));
  expect(owners.length).toBeGreaterThanOrEqual(3);
  const now = Date.now();
  const action = (userId: number, client: number, key: string, state: string, dueInDays: number) => ({
    client_id: client,
    user_id: userId,
    finding_key: key,
    source: 'self_assessment',
    title: 'Raise the screen',
    priority: 'moderate',
    state,
    due_at: new Date(now + dueInDays * DAY),
    created_at: new Date(now - 40 * DAY),
    updated_at: new Date(now - 40 * DAY),
  });
  await db
    .insertInto('corrective_actions')
    .values([
      action(owners[0]!, northwind, 'office:screen.too_low', 'open', -3), // overdue
      action(owners[0]!, northwind, 'office:chair.no_lumbar', 'verified', -20),
      action(owners[1]!, northwind, 'office:screen.too_low', 'open', 10), // open, not yet due
      action(owners[1]!, northwind, 'office:desk.legroom', 'need_help', -5),
      // The same employee's action in another client: never part of Northwind's search.
      action(owners[2]!, arcadia, 'office:screen.too_low', 'not_possible', -9),
    ] as never)
    .execute();
  const item = async (client: number, category: string) =>
    db
      .selectFrom('equipment_items')
      .select(['id', 'price_cents', 'currency', 'mode'])
      .where('client_id', '=', client)
      .where('category', '=', category)
      .where('mode', '=', 'bought')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const request = (
    userId: number,
    client: number,
    it: { id: number; price_cents: number; currency: string; mode: string },
    state: string,
  ) => ({
    client_id: client,
    user_id: userId,
    item_id: it.id,
    quantity: 1,
    unit_price_cents: it.price_cents,
    currency: it.currency,
    mode: it.mode,
    desk_location: 'Floor 2, desk 14',
    state,
    created_at: new Date(now - 10 * DAY),
    updated_at: new Date(now - 10 * DAY),
  });
  const seating = await item(northwind, 'seating');
  const screen = await item(northwind, 'screen');
  await db
    .insertInto('equipment_requests')
    .values([
      request(owners[0]!, northwind, seating, 'delivered'),
      request(owners[1]!, northwind, screen, 'requested'),
      request(owners[2]!, arcadia, await item(arcadia, 'seating'), 'requested'),
    ] as never)
    .execute();
});
afterAll(async () => {
  await server?.close();
});

/** Northwind's submitted self-assessments whose employee meets `where` (plain SQL written here, apart from the product's; `:client` is Northwind). */
async function independentIds(where: string): Promise<string[]> {
  const { rows } = await sql
    .raw<{ id: string }>(
      `SELECT a.id::text AS id FROM assessment_attempts a JOIN users u ON u.id = a.user_id
       WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND (${where.replaceAll(':client', String(northwind))}) ORDER BY a.id`,
    )
    .execute(server.ctx.db);
  return rows.map((r) => r.id);
}
const theirs = (table: string, extra: string) => `u.id IN (SELECT t.user_id FROM ${table} t WHERE t.client_id = :client AND ${extra})`;
const requests = (extra: string) =>
  `u.id IN (SELECT t.user_id FROM equipment_requests t JOIN equipment_items i ON i.id = t.item_id WHERE t.client_id = :client AND ${extra})`;

describe('conditions on actions and equipment equal an independent SQL query', () => {
  const cases: [string, unknown, string][] = [
    [
      'an action in either state',
      { field: 'action_state', op: 'includes_any', value: ['need_help', 'not_possible'] },
      theirs('corrective_actions', "t.state IN ('need_help', 'not_possible')"),
    ],
    [
      'actions in both states',
      { field: 'action_state', op: 'includes_all', value: ['open', 'verified'] },
      `${theirs('corrective_actions', "t.state = 'open'")} AND ${theirs('corrective_actions', "t.state = 'verified'")}`,
    ],
    ['no action at all', { field: 'action_state', op: 'is_empty' }, `NOT ${theirs('corrective_actions', 'true')}`],
    [
      'an overdue action',
      { field: 'action_overdue', op: 'equals', value: 'yes' },
      theirs('corrective_actions', "t.state = 'open' AND t.due_at < now()"),
    ],
    [
      'no overdue action',
      { field: 'action_overdue', op: 'equals', value: 'no' },
      `NOT ${theirs('corrective_actions', "t.state = 'open' AND t.due_at < now()")}`,
    ],
    [
      'equipment waiting for approval',
      { field: 'equipment_state', op: 'includes_any', value: ['requested'] },
      requests("t.state = 'requested'"),
    ],
    ['seating requested', { field: 'equipment_category', op: 'includes_any', value: ['seating'] }, requests("i.category = 'seating'")],
    ['any equipment', { field: 'equipment_state', op: 'is_not_empty' }, requests('true')],
  ];
  it.each(cases)('%s', async (_label, condition, where) => {
    const answer = await manager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [condition] })}`);
    expect(answer.status).toBe(200);
    const data = answer.data as Rows;
    const expected = await independentIds(where);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.total).toBe(expected.length);
    expect(data.rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
  });

  it("leaves out another client's actions and requests of the same employee", async () => {
    for (const condition of [
      { field: 'action_state', op: 'includes_any', value: ['not_possible'] },
      { field: 'equipment_state', op: 'includes_all', value: ['requested', 'delivered'] },
    ]) {
      const answer = await manager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [condition] })}`);
      expect(answer.status).toBe(200);
      expect((answer.data as Rows).total).toBe(0);
    }
  });

  it('narrows every kind of record, and refuses a state the workflow does not have', async () => {
    for (const kind of ['ergo-eval', 'schedule-request', 'follow-up']) {
      const answer = await manager.get(
        `/custom-search/${kind}?${q({ match: 'all', conditions: [{ field: 'action_overdue', op: 'equals', value: 'yes' }] })}`,
      );
      expect(answer.status, kind).toBe(200);
    }
    const bad = await manager.get(
      `/custom-search/self-assessment?${q({ match: 'all', conditions: [{ field: 'equipment_state', op: 'includes_any', value: ['lost'] }] })}`,
    );
    expect(bad.status).toBe(400);
  });
});
