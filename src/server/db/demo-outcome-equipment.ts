import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema';
import type { EquipmentRequestsTable } from './equipment-schema';

const DAY = 86_400_000;

/** An employee of the demo outcomes whose retake showed them out of high risk, and when. */
export interface DemoMover {
  readonly userId: number;
  /** The findings of the self-assessment that raised their actions. */
  readonly findingIds: readonly string[];
  readonly raised: Date;
  readonly retakeAt: Date;
}

/**
 * The equipment that helped the demo's movers (docs/product.md "Outcomes: the risk-reduction panel",
 * cost per employee moved out of high risk): for about two in three of them, the client's catalogue
 * item answering their first finding that one answers, requested a few days after the action was
 * raised and delivered before the retake, so the panel's cost is recorded as a real programme's would be.
 */
export async function seedMoverEquipment(
  db: Kysely<Database>,
  clientId: number,
  movers: readonly DemoMover[],
  random: () => number,
): Promise<void> {
  const items = await db
    .selectFrom('equipment_items')
    .select(['id', 'price_cents', 'currency', 'mode', 'answers'])
    .where('client_id', '=', clientId)
    .where('mode', '=', 'bought')
    .orderBy('id')
    .execute();
  const rows: Insertable<EquipmentRequestsTable>[] = [];
  for (const [n, m] of movers.entries()) {
    if (random() > 0.67) continue;
    const item = m.findingIds.map((f) => items.find((i) => i.answers.includes(f))).find(Boolean);
    if (!item) continue;
    // Requested 2–6 days after the action, delivered a week later, and always before the retake.
    const created = new Date(Math.min(m.raised.getTime() + (2 + random() * 4) * DAY, m.retakeAt.getTime() - 3 * DAY));
    const delivered = new Date(Math.min(created.getTime() + 7 * DAY, m.retakeAt.getTime() - DAY));
    rows.push({
      client_id: clientId,
      user_id: m.userId,
      item_id: item.id,
      quantity: 1,
      unit_price_cents: item.price_cents,
      currency: item.currency,
      mode: item.mode,
      desk_location: n % 2 ? 'Floor 2, desk 14' : null,
      delivery_address: n % 2 ? null : 'Home address on file with HR',
      state: 'delivered',
      auto_approved: false,
      decided_at: new Date(created.getTime() + DAY),
      ordered_at: new Date(created.getTime() + 2 * DAY),
      delivered_at: delivered,
      created_at: created,
      updated_at: delivered,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('equipment_requests')
      .values(rows.slice(i, i + 500))
      .execute();
}
