import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema';
import type { EquipmentRequestsTable } from './equipment-schema';
import { DEMO_ITEMS } from './demo-equipment-catalogue';
import { minorDigits } from '../../shared/money/money';

/**
 * Demo equipment (docs/product.md "Equipment") for `npm start` and the tests: each demo client's
 * catalogue in its own currency with its automatic-approval amount and budget, and, with the history,
 * two years of requests in every state of manifest/workflows/equipment.yaml (some loans overdue).
 * Deterministic for a given `now`.
 */
const DAY = 86_400_000;
/** Each demo client's currency, euro exchange rate (rounded) and limits in euro cents. */
const SETTINGS: Record<string, { currency: string; rate: number; autoEuroCents: number; budgetEuroCents: number }> = {
  a45: { currency: 'USD', rate: 1.1, autoEuroCents: 10_000, budgetEuroCents: 4_000_000 },
  NW01: { currency: 'EUR', rate: 1, autoEuroCents: 15_000, budgetEuroCents: 6_000_000 },
  CON1: { currency: 'GBP', rate: 0.85, autoEuroCents: 12_000, budgetEuroCents: 3_000_000 },
  FAB1: { currency: 'JPY', rate: 160, autoEuroCents: 10_000, budgetEuroCents: 2_500_000 },
};

/** A euro price in another currency's minor units, rounded to a shop-like figure (…9 or whole hundreds of yen). */
function price(euroCents: number, currency: string, rate: number): number {
  const value = (euroCents / 100) * rate;
  if (minorDigits(currency) === 0) return Math.round(value / 100) * 100;
  return Math.max(99, Math.round(value) * 100 - 100 + 99);
}

export async function seedEquipmentCatalogues(db: Kysely<Database>): Promise<void> {
  const clients = await db.selectFrom('clients').select(['id', 'company_code']).orderBy('id').execute();
  for (const client of clients) {
    const s = SETTINGS[client.company_code] ?? SETTINGS.NW01!;
    const limit = (euroCents: number) =>
      minorDigits(s.currency) === 0 ? Math.round((euroCents / 100) * s.rate) : Math.round(euroCents * s.rate);
    await db
      .updateTable('clients')
      .set({
        equipment_currency: s.currency,
        equipment_auto_approve_cents: limit(s.autoEuroCents),
        equipment_budget_cents: limit(s.budgetEuroCents),
      })
      .where('id', '=', client.id)
      .execute();
    for (const item of DEMO_ITEMS) {
      const row = await db
        .insertInto('equipment_items')
        .values({
          client_id: client.id,
          slug: item.slug,
          category: item.category,
          price_cents: price(item.euroCents, s.currency, s.rate),
          currency: s.currency,
          supplier_ref: `CAT-${item.slug.toUpperCase().slice(0, 12)}`,
          mode: item.mode,
          stock: item.stock ?? null,
          loan_days: item.loanDays ?? null,
          answers: [...item.answers],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('equipment_item_texts')
        .values(Object.entries(item.texts).map(([language, [name, description]]) => ({ item_id: row.id, language, name, description })))
        .execute();
    }
  }
}

/** A small deterministic generator (mulberry32), so the demo is the same on every start. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DESKS = ['Floor 2, desk 14', 'Floor 3, desk 7', 'Floor 1, desk 22', 'Floor 4, desk 3'];
const ADDRESS = 'Home address on file with HR';
const DECLINED = 'The chair you have was replaced last year and can be adjusted; an evaluator will help you set it up.';

/** Two years of requests per client by its employees, in every state; the most recent ones still open. */
export async function seedEquipmentRequests(db: Kysely<Database>, now = new Date(), perClient = 220): Promise<void> {
  const random = prng(20260101);
  const clients = await db.selectFrom('clients').select(['id', 'equipment_auto_approve_cents']).orderBy('id').execute();
  const manager = await db.selectFrom('users').select('id').where('email', '=', 'admin@ergoportal.example').executeTakeFirst();
  for (const client of clients) {
    const items = await db.selectFrom('equipment_items').selectAll().where('client_id', '=', client.id).orderBy('id').execute();
    const users = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('users.client_id', '=', client.id)
      .where('roles.name', '=', 'Employee')
      .orderBy('users.id')
      .limit(400)
      .execute();
    if (items.length === 0 || users.length === 0) continue;
    const rows: Insertable<EquipmentRequestsTable>[] = [];
    const live = new Set<string>();
    const out = new Map<number, number>();
    for (let n = 0; n < perClient; n++) {
      const item = items[Math.floor(random() * items.length)]!;
      const user = users[Math.floor(random() * users.length)]!;
      const age = Math.floor((n / perClient) * 730 * (0.8 + random() * 0.2));
      const created = new Date(now.getTime() - (730 - age) * DAY);
      const recent = now.getTime() - created.getTime() < 45 * DAY;
      const auto = client.equipment_auto_approve_cents !== null && item.price_cents < client.equipment_auto_approve_cents;
      let state: string;
      if (item.mode === 'loaned')
        state = recent
          ? (['requested', 'approved', 'loaned'] as const)[n % 3]!
          : (['returned', 'loaned', 'returned', 'declined'] as const)[n % 4]!;
      else
        state = recent
          ? (['requested', 'approved', 'ordered', 'delivered'] as const)[n % 4]!
          : (['delivered', 'delivered', 'declined', 'delivered'] as const)[n % 4]!;
      if (auto && state === 'requested') state = 'approved';
      if (auto && state === 'declined') state = 'delivered';
      const key = `${user.id}:${item.id}`;
      if (['requested', 'approved', 'ordered'].includes(state)) {
        if (live.has(key)) state = item.mode === 'loaned' ? 'returned' : 'delivered';
        else live.add(key);
      }
      if (state === 'loaned') {
        if ((out.get(item.id) ?? 0) >= (item.stock ?? 0)) state = 'returned';
        else out.set(item.id, (out.get(item.id) ?? 0) + 1);
      }
      const decided = state === 'requested' ? null : new Date(created.getTime() + (auto ? 0 : 2 * DAY));
      const fulfilled = ['ordered', 'delivered', 'loaned', 'returned'].includes(state) ? new Date(created.getTime() + 4 * DAY) : null;
      const loanDue =
        item.loan_days && fulfilled && (state === 'loaned' || state === 'returned')
          ? new Date(fulfilled.getTime() + item.loan_days * DAY)
          : null;
      rows.push({
        client_id: client.id,
        user_id: user.id,
        item_id: item.id,
        quantity: 1,
        unit_price_cents: item.price_cents,
        currency: item.currency,
        mode: item.mode,
        desk_location: n % 3 === 0 ? null : DESKS[n % DESKS.length]!,
        delivery_address: n % 3 === 0 ? ADDRESS : null,
        state,
        auto_approved: auto && state !== 'requested',
        decided_by: decided && !auto ? (manager?.id ?? null) : null,
        decided_at: decided,
        decline_reason: state === 'declined' ? DECLINED : null,
        fulfilled_by: fulfilled ? (manager?.id ?? null) : null,
        ordered_at: fulfilled && item.mode === 'bought' ? fulfilled : null,
        delivered_at: state === 'delivered' ? new Date(created.getTime() + 9 * DAY) : null,
        loaned_at: loanDue ? fulfilled : null,
        loan_due_at: loanDue,
        returned_at: state === 'returned' && loanDue ? loanDue : null,
        created_at: created,
        updated_at: decided ?? created,
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('equipment_requests')
        .values(rows.slice(i, i + 500))
        .execute();
    for (const [itemId, lent] of out)
      await db
        .updateTable('equipment_items')
        .set((eb) => ({ stock: eb('stock', '-', lent) }))
        .where('id', '=', itemId)
        .execute();
  }
}
