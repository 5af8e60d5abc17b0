import { sql, type Transaction } from 'kysely';
import { equipmentItemsGrid, type EquipmentItemsGridSort } from '../../../../generated/grids';
import type { ApiBody } from '../../../../generated/api-types';
import type { Database } from '../../db/schema';
import { audit } from '../../audit/audit';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { EQUIPMENT_CATEGORIES } from '../../../shared/equipment/equipment-rules';
import { equipmentClientIds } from './equipment-clients';

const SORT: Record<EquipmentItemsGridSort, string> = {
  name: 'lower(en.name)',
  category: 'i.category',
  price_cents: 'i.price_cents',
};
const SLUG_TAKEN = 'This client already has an item with this key.';
const LOAN_NEEDS = 'A loaned item needs its stock and its loan days.';
const CURRENCY_RULE = 'The currency must be an ISO 4217 code such as EUR.';
const IMAGE_RULE = 'The picture must be a site path (/images/…) or an https address.';

type ItemBody = ApiBody<'equipment_item_create'>;

/** What the body says about a loaned item, or a message for a 400 (migration 035's CHECKs, said in words). */
function checkItem(body: ItemBody): string | null {
  if (body.mode === 'loaned' && (body.stock === undefined || body.stock === null || !body.loan_days)) return LOAN_NEEDS;
  const image = (body.image ?? '').trim();
  if (image && !/^\/[\w\-./]+$/.test(image) && !/^https:\/\/[^\s"'<>]+$/.test(image)) return IMAGE_RULE;
  return null;
}

async function writeTexts(trx: Transaction<Database>, itemId: number, texts: ItemBody['texts']) {
  await trx.deleteFrom('equipment_item_texts').where('item_id', '=', itemId).execute();
  const rows = Object.entries(texts)
    .filter((entry): entry is [string, { name: string; description?: string }] => Boolean(entry[1]?.name?.trim()))
    .map(([language, t]) => ({ item_id: itemId, language, name: t.name.trim(), description: (t.description ?? '').trim() }));
  if (rows.length) await trx.insertInto('equipment_item_texts').values(rows).execute();
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Each client's catalogue and equipment settings in the admin center (docs/product.md "Equipment"), for
 * holders of equipment-catalogue-edit and only for the clients they may work on (administrators: all).
 * An item is priced in its client's equipment currency; its words are kept per language (English required).
 */
export const catalogueHandlers = {
  async equipment_items_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, equipmentItemsGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const clientId = parseId(q.filters.client_id ?? '');
    const visible = await equipmentClientIds(ctx.db, request.caller);
    if (!clientId || !visible.includes(clientId)) return fail(reply, 404, NOT_FOUND);
    const category = q.filters.category;
    if (category && !(EQUIPMENT_CATEGORIES as readonly string[]).includes(category))
      return fail(reply, 400, `category must be one of: ${EQUIPMENT_CATEGORIES.join(', ')}.`);
    const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%` : null;
    const rows = await sql<{
      id: number;
      client_id: number;
      slug: string;
      name: string;
      category: string;
      price_cents: number;
      currency: string;
      mode: 'bought' | 'loaned';
      stock: number | null;
      active: boolean;
      updated_at: Date;
      total: string;
    }>`
      SELECT i.id, i.client_id, i.slug, en.name, i.category, i.price_cents, i.currency, i.mode, i.stock, i.active, i.updated_at,
             count(*) OVER () AS total
      FROM equipment_items i JOIN equipment_item_texts en ON en.item_id = i.id AND en.language = 'en'
      WHERE i.client_id = ${clientId}
        ${category ? sql`AND i.category = ${category}` : sql``}
        ${like ? sql`AND (lower(en.name) LIKE ${like} OR i.slug LIKE ${like})` : sql``}
      ORDER BY ${sql.raw(SORT[q.sort])} ${sql.raw(q.dir)}, i.id ${sql.raw(q.dir)}
      OFFSET ${q.start} LIMIT ${q.size}`.execute(ctx.db);
    return ok(reply, {
      total: Number(rows.rows[0]?.total ?? 0),
      rows: rows.rows.map(({ total: _total, ...r }) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() })),
    });
  },

  async equipment_item_get(ctx, request, reply) {
    const id = parseId(request.params.id);
    const visible = await equipmentClientIds(ctx.db, request.caller);
    if (!id || visible.length === 0) return fail(reply, 404, NOT_FOUND);
    const item = await ctx.db
      .selectFrom('equipment_items')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', 'in', visible)
      .executeTakeFirst();
    if (!item) return fail(reply, 404, NOT_FOUND);
    const texts = await ctx.db
      .selectFrom('equipment_item_texts')
      .select(['language', 'name', 'description'])
      .where('item_id', '=', id)
      .execute();
    const { created_at: _c, updated_at: _u, ...rest } = item;
    return ok(reply, {
      item: { ...rest, texts: Object.fromEntries(texts.map((t) => [t.language, { name: t.name, description: t.description }])) },
    });
  },

  async equipment_item_create(ctx, request, reply) {
    const body = request.payload;
    const problem = checkItem(body);
    if (problem) return fail(reply, 400, problem);
    const caller = request.caller;
    const visible = await equipmentClientIds(ctx.db, caller);
    if (!visible.includes(body.client_id)) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    try {
      const id = await ctx.db.transaction().execute(async (trx) => {
        const client = await trx
          .selectFrom('clients')
          .select('equipment_currency')
          .where('id', '=', body.client_id)
          .executeTakeFirstOrThrow();
        const row = await trx
          .insertInto('equipment_items')
          .values({
            client_id: body.client_id,
            slug: body.slug,
            category: body.category,
            price_cents: body.price_cents,
            currency: client.equipment_currency,
            supplier_ref: (body.supplier_ref ?? '').trim(),
            mode: body.mode,
            stock: body.mode === 'loaned' ? (body.stock ?? 0) : null,
            loan_days: body.mode === 'loaned' ? (body.loan_days ?? null) : null,
            image: (body.image ?? '').trim(),
            answers: [...new Set(body.answers ?? [])],
            active: body.active ?? true,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeTexts(trx, row.id, body.texts);
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: body.client_id,
            action: 'equipment_item.created',
            target: `equipment_item:${row.id}`,
            address: request.ip,
            details: { after: { slug: body.slug, price_cents: body.price_cents, mode: body.mode } },
          },
          now,
        );
        return row.id;
      });
      return ok(reply, { id });
    } catch (error) {
      if (isUniqueViolation(error)) return fail(reply, 409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      throw error;
    }
  },

  async equipment_item_update(ctx, request, reply) {
    const id = parseId(request.params.id);
    const body = request.payload;
    const problem = checkItem(body);
    if (problem) return fail(reply, 400, problem);
    const caller = request.caller;
    const visible = await equipmentClientIds(ctx.db, caller);
    if (!id || !visible.includes(body.client_id)) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    try {
      const done = await ctx.db.transaction().execute(async (trx) => {
        // The item stays with its client: the client named must be the one it belongs to.
        const row = await trx
          .updateTable('equipment_items')
          .set({
            slug: body.slug,
            category: body.category,
            price_cents: body.price_cents,
            supplier_ref: (body.supplier_ref ?? '').trim(),
            mode: body.mode,
            stock: body.mode === 'loaned' ? (body.stock ?? 0) : null,
            loan_days: body.mode === 'loaned' ? (body.loan_days ?? null) : null,
            image: (body.image ?? '').trim(),
            answers: [...new Set(body.answers ?? [])],
            active: body.active ?? true,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('client_id', '=', body.client_id)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await writeTexts(trx, id, body.texts);
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: body.client_id,
            action: 'equipment_item.updated',
            target: `equipment_item:${id}`,
            address: request.ip,
            details: { after: { slug: body.slug, price_cents: body.price_cents, mode: body.mode, active: body.active ?? true } },
          },
          now,
        );
        return true;
      });
      if (!done) return fail(reply, 404, NOT_FOUND);
      return ok(reply, { id });
    } catch (error) {
      if (isUniqueViolation(error)) return fail(reply, 409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      throw error;
    }
  },

  async equipment_settings_get(ctx, request, reply) {
    const id = parseId(request.params.clientId);
    const visible = await equipmentClientIds(ctx.db, request.caller);
    if (!id || !visible.includes(id)) return fail(reply, 404, NOT_FOUND);
    const row = await ctx.db
      .selectFrom('clients')
      .select(['id as client_id', 'equipment_currency', 'equipment_auto_approve_cents', 'equipment_budget_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return ok(reply, { ...row, equipment_budget_cents: row.equipment_budget_cents === null ? null : Number(row.equipment_budget_cents) });
  },

  /** The currency applies to new catalogue prices; prices already set and requests made keep theirs. */
  async equipment_settings_save(ctx, request, reply) {
    const id = parseId(request.params.clientId);
    const caller = request.caller;
    const visible = await equipmentClientIds(ctx.db, caller);
    if (!id || !visible.includes(id)) return fail(reply, 404, NOT_FOUND);
    const body = request.payload;
    if (!Intl.supportedValuesOf('currency').includes(body.equipment_currency))
      return fail(reply, 400, CURRENCY_RULE, { equipment_currency: CURRENCY_RULE });
    const now = ctx.now();
    const row = await ctx.db.transaction().execute(async (trx) => {
      const saved = await trx
        .updateTable('clients')
        .set({
          equipment_currency: body.equipment_currency,
          equipment_auto_approve_cents: body.equipment_auto_approve_cents,
          equipment_budget_cents: body.equipment_budget_cents,
        })
        .where('id', '=', id)
        .returning(['id as client_id', 'equipment_currency', 'equipment_auto_approve_cents', 'equipment_budget_cents'])
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: id,
          action: 'equipment_settings.updated',
          target: `client:${id}`,
          address: request.ip,
          details: { after: { ...body } },
        },
        now,
      );
      return saved;
    });
    return ok(reply, { ...row, equipment_budget_cents: row.equipment_budget_cents === null ? null : Number(row.equipment_budget_cents) });
  },
} satisfies AreaHandlers<'equipment'>;
