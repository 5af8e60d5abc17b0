import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import type { EquipmentState } from '../../../../generated/workflows';
import { bareFinding, LIVE_EQUIPMENT_STATES } from '../../../shared/equipment/equipment-rules';
import { mailEquipmentStep } from '../../domain/equipment/equipment-mail';
import { itemName, languageOf } from './request-rows';

const MY_PAGE_DEFAULT = 20;
const MY_PAGE_MAX = 100;
const MAX_KEYS = 50;
const ALREADY_OPEN = 'You already have an open request for this item.';
const WHERE_NEEDED = 'Please give a delivery address or a desk location.';
export const originOf = (publicUrl: string | undefined, request: { protocol: string; host: string }) =>
  publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

function wholeNumber(value: string | undefined, fallback: number, min: number, max: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return /^\d+$/.test(value) && n >= min && n <= max ? n : null;
}

/**
 * The employee's side of equipment (docs/product.md "Equipment"): the catalogue items of their own
 * client that answer their findings, requests of them and their own list. The client is always the
 * caller's; an item of another client answers 404, as if it did not exist.
 */
export const employeeHandlers = {
  async equipment_offers(ctx, request, reply) {
    const caller = request.caller;
    const keys = (request.query.keys ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length > MAX_KEYS || keys.some((k) => k.length > 200))
      return fail(reply, 400, `keys holds at most ${MAX_KEYS} keys of 200 characters.`);
    if (keys.length === 0) return ok(reply, { items: [] });
    const lang = languageOf(request.query.lang);
    // A catalogue item may name the full key (`office:laptop.no_external`) or the bare finding id.
    const names = [...new Set([...keys, ...keys.map(bareFinding)])];
    const rows = await sql<{
      id: number;
      slug: string;
      category: string;
      price_cents: number;
      currency: string;
      mode: 'bought' | 'loaned';
      image: string;
      loan_days: number | null;
      stock: number | null;
      answers: string[];
      name: string;
      description: string;
      open_request: string | null;
    }>`
      SELECT i.id, i.slug, i.category, i.price_cents, i.currency, i.mode, i.image, i.loan_days, i.stock, i.answers,
             COALESCE(t.name, en.name) AS name, COALESCE(t.description, en.description) AS description,
             (SELECT r.state FROM equipment_requests r WHERE r.user_id = ${caller.userId} AND r.item_id = i.id
                AND r.state IN (${sql.join([...LIVE_EQUIPMENT_STATES])}) LIMIT 1) AS open_request
      FROM equipment_items i
      JOIN equipment_item_texts en ON en.item_id = i.id AND en.language = 'en'
      LEFT JOIN equipment_item_texts t ON t.item_id = i.id AND t.language = ${lang}
      WHERE i.client_id = ${caller.clientId} AND i.active AND i.answers && ${sql.val(names)}::text[]
      ORDER BY i.price_cents, i.id LIMIT 50`.execute(ctx.db);
    return ok(reply, {
      items: rows.rows.map(({ stock, ...r }) => ({
        ...r,
        category: r.category as 'other',
        open_request: r.open_request,
        available: r.mode === 'bought' || (stock ?? 0) > 0,
      })),
    });
  },

  /**
   * Docs/product.md "Equipment": the request is approved in the statement that makes it when its total
   * (quantity × the catalogue price, fixed now) is under the client's automatic-approval amount in the
   * client's currency. The unique index equipment_requests_live keeps one open request per employee and
   * item, so a double click or a parallel burst makes one request (the others are answered 409).
   */
  async equipment_request_create(ctx, request, reply) {
    const caller = request.caller;
    const p = request.payload;
    const address = p.delivery_address?.trim() || null;
    const desk = p.desk_location?.trim() || null;
    if (!address && !desk) {
      // Another client's item is not found, whatever the body lacks (tests/api/tenant-isolation.test.ts).
      const visible = await ctx.db
        .selectFrom('equipment_items')
        .select('id')
        .where('id', '=', p.item_id)
        .where('client_id', '=', caller.clientId)
        .executeTakeFirst();
      if (!visible) return fail(reply, 404, NOT_FOUND);
      return fail(reply, 400, WHERE_NEEDED, { delivery_address: WHERE_NEEDED, desk_location: WHERE_NEEDED });
    }
    const quantity = p.quantity ?? 1;
    const note = p.note?.trim() || null;
    const now = ctx.now();
    const origin = originOf(ctx.config.publicUrl, request);
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      if (p.action_id !== undefined) {
        const own = await trx
          .selectFrom('corrective_actions')
          .select('id')
          .where('id', '=', p.action_id)
          .where('user_id', '=', caller.userId)
          .executeTakeFirst();
        if (!own) return 404;
      }
      const inserted = await sql<{ id: number; state: 'requested' | 'approved'; auto_approved: boolean }>`
        WITH pick AS (
          SELECT i.id, i.client_id, i.price_cents, i.currency, i.mode,
                 (c.equipment_auto_approve_cents IS NOT NULL AND i.currency = c.equipment_currency
                  AND ${quantity}::int * i.price_cents::bigint < c.equipment_auto_approve_cents) AS auto
          FROM equipment_items i JOIN clients c ON c.id = i.client_id
          WHERE i.id = ${p.item_id} AND i.client_id = ${caller.clientId} AND i.active
        )
        INSERT INTO equipment_requests (client_id, user_id, item_id, action_id, quantity, unit_price_cents, currency, mode,
          delivery_address, desk_location, note, state, auto_approved, decided_at, created_at, updated_at)
        SELECT pick.client_id, ${caller.userId}, pick.id, ${p.action_id ?? null}, ${quantity}, pick.price_cents, pick.currency, pick.mode,
          ${address}, ${desk}, ${note}, CASE WHEN pick.auto THEN 'approved' ELSE 'requested' END, pick.auto,
          CASE WHEN pick.auto THEN ${now}::timestamptz END, ${now}, ${now}
        FROM pick
        ON CONFLICT (user_id, item_id) WHERE state IN ('requested', 'approved', 'ordered') DO NOTHING
        RETURNING id, state, auto_approved`.execute(trx);
      const row = inserted.rows[0];
      if (!row) {
        const item = await trx
          .selectFrom('equipment_items')
          .select('id')
          .where('id', '=', p.item_id)
          .where('client_id', '=', caller.clientId)
          .where('active', '=', true)
          .executeTakeFirst();
        return item ? 409 : 404;
      }
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: row.auto_approved ? 'equipment.approve' : 'equipment.requested',
          target: `equipment_request:${row.id}`,
          address: request.ip,
          details: { item_id: p.item_id, quantity, after: { state: row.state }, auto_approved: row.auto_approved },
        },
        now,
      );
      await mailEquipmentStep(trx, row.id, row.auto_approved ? 'equipment_approved' : 'equipment_requested', origin, now);
      return row;
    });
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409) return fail(reply, 409, ALREADY_OPEN);
    return ok(reply, outcome);
  },

  async my_equipment_list(ctx, request, reply) {
    const caller = request.caller;
    const start = wholeNumber(request.query.start, 0, 0, 1_000_000);
    const size = wholeNumber(request.query.size, MY_PAGE_DEFAULT, 1, MY_PAGE_MAX);
    if (start === null) return fail(reply, 400, 'start must be a whole number from 0 to 1000000.');
    if (size === null) return fail(reply, 400, `size must be a whole number from 1 to ${MY_PAGE_MAX}.`);
    const lang = languageOf(request.query.lang);
    const now = ctx.now();
    const rows = await sql<{
      id: number;
      item: string;
      image: string;
      quantity: number;
      total_cents: string;
      currency: string;
      mode: 'bought' | 'loaned';
      state: EquipmentState;
      delivery_address: string | null;
      desk_location: string | null;
      decline_reason: string | null;
      created_at: Date;
      updated_at: Date;
      loan_due_at: Date | null;
      total: string;
    }>`
      SELECT r.id, ${itemName(lang, sql`r.item_id`)} AS item, i.image, r.quantity, r.quantity * r.unit_price_cents AS total_cents,
             r.currency, r.mode, r.state, r.delivery_address, r.desk_location, r.decline_reason, r.created_at, r.updated_at,
             r.loan_due_at, count(*) OVER () AS total
      FROM equipment_requests r JOIN equipment_items i ON i.id = r.item_id
      WHERE r.user_id = ${caller.userId} AND r.client_id = ${caller.clientId}
      ORDER BY r.created_at DESC, r.id DESC OFFSET ${start} LIMIT ${size}`.execute(ctx.db);
    return ok(reply, {
      total: Number(rows.rows[0]?.total ?? 0),
      rows: rows.rows.map((r) => ({
        id: r.id,
        item: r.item,
        image: r.image,
        quantity: r.quantity,
        total_cents: Number(r.total_cents),
        currency: r.currency,
        mode: r.mode,
        state: r.state,
        delivery: [r.desk_location, r.delivery_address].filter(Boolean).join(' · '),
        decline_reason: r.decline_reason,
        created_at: new Date(r.created_at).toISOString(),
        updated_at: new Date(r.updated_at).toISOString(),
        loan_due_at: r.loan_due_at ? new Date(r.loan_due_at).toISOString() : null,
        overdue: r.state === 'loaned' && r.loan_due_at !== null && new Date(r.loan_due_at).getTime() < now.getTime(),
      })),
    });
  },
} satisfies AreaHandlers<'equipment'>;
