import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { DEMO_ITEMS } from '../../src/server/db/demo-equipment-catalogue';

/**
 * The big seed's equipment (docs/product.md "Equipment"): the demo catalogue for the large client and
 * `requests` requests (default 50,000) of its employees over two years, in every state of
 * manifest/workflows/equipment.yaml, written with one `INSERT … SELECT … FROM generate_series`. At most
 * one open request per employee and item, as the unique index equipment_requests_live demands.
 */
export async function seedBigEquipment(db: Kysely<Database>, clientId: number, tag: string, requests = 50_000): Promise<void> {
  for (const item of DEMO_ITEMS) {
    const row = await db
      .insertInto('equipment_items')
      .values({
        client_id: clientId,
        slug: item.slug,
        category: item.category,
        price_cents: item.euroCents,
        currency: 'EUR',
        mode: item.mode,
        stock: item.stock ?? null,
        loan_days: item.loanDays ?? null,
        answers: [...item.answers],
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await db.insertInto('equipment_item_texts').values({ item_id: row.id, language: 'en', name: item.texts.en[0] }).execute();
  }
  // Each request is the n-th employee's (cycling) and the n-th item's; only the newest round of each
  // employee and item pair is open, so the live index holds.
  await sql`
    WITH staff AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE client_id = ${clientId} AND email LIKE ${`${tag}.%`}),
         items AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(price_cents ORDER BY id) AS prices, array_agg(mode ORDER BY id) AS modes
                   FROM equipment_items WHERE client_id = ${clientId})
    INSERT INTO equipment_requests (client_id, user_id, item_id, unit_price_cents, currency, mode, desk_location, state,
      auto_approved, decided_at, ordered_at, delivered_at, loaned_at, loan_due_at, returned_at, decline_reason, created_at, updated_at)
    SELECT ${clientId}, staff.ids[1 + i % cardinality(staff.ids)], items.ids[1 + i % cardinality(items.ids)], items.prices[1 + i % cardinality(items.ids)],
      'EUR', items.modes[1 + i % cardinality(items.ids)], 'Floor ' || (i % 9) || ', desk ' || (i % 40), s.state,
      i % 3 = 0, CASE WHEN s.state <> 'requested' THEN t.at + interval '2 days' END,
      CASE WHEN s.state IN ('ordered', 'delivered') THEN t.at + interval '4 days' END,
      CASE WHEN s.state = 'delivered' THEN t.at + interval '9 days' END,
      CASE WHEN s.state IN ('loaned', 'returned') THEN t.at + interval '4 days' END,
      CASE WHEN s.state IN ('loaned', 'returned') THEN t.at + interval '94 days' END,
      CASE WHEN s.state = 'returned' THEN t.at + interval '90 days' END,
      CASE WHEN s.state = 'declined' THEN 'Not in this year''s budget.' END,
      t.at, t.at
    FROM generate_series(1, ${requests}) AS i, staff, items,
      LATERAL (SELECT now() - make_interval(mins => (${requests} - i) * (1051200 / ${requests})) AS at) t,
      LATERAL (SELECT CASE
        WHEN i > ${requests} - cardinality(staff.ids) THEN (ARRAY['requested', 'approved', 'ordered'])[1 + i % 3]
        WHEN items.modes[1 + i % cardinality(items.ids)] = 'loaned' THEN (ARRAY['returned', 'loaned', 'declined'])[1 + i % 3]
        ELSE (ARRAY['delivered', 'delivered', 'declined', 'delivered'])[1 + i % 4] END AS state) s`.execute(db);
}
