import { sql } from 'kysely';
import { equipmentRequestsGrid, type EquipmentRequestsGridSort } from '../../../../generated/grids';
import { audit } from '../../audit/audit';
import { sendTable } from '../../http/table-file';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { equipmentTransition, EQUIPMENT_CATEGORIES, EQUIPMENT_STATES, SPENT_STATES } from '../../../shared/equipment/equipment-rules';
import { mailEquipmentStep } from '../../domain/equipment/equipment-mail';
import { gridRow, itemName, languageOf, requestRows } from './request-rows';
import { moveRequest } from './moves';
import { originOf } from './employee';

const MOVED_ON = 'This request has already been decided; reload to see where it stands.';
const REASON_NEEDED = 'Please give a reason for declining.';
const MAX_EXPORT_ROWS = 50_000;
const MONTHS = 12;
/** The grid counts its requests up to here; past it, it says "more than" (as the custom search does). */
const COUNT_CAP = 10_000;

/** Sort keys of manifest/grids/equipment_requests.yaml mapped to columns (a new key is a type error here). */
const SORT: Record<EquipmentRequestsGridSort, string> = {
  created_at: 'r.created_at',
  employee: 'lower(u.last_name || u.first_name)',
  total_cents: 'r.quantity * r.unit_price_cents',
  state: 'r.state',
};

/** The export's columns, in the grid's order and then the rest a spreadsheet needs. */
const EXPORT_COLUMNS = [
  ['id', 'Request'],
  ['employee', 'Employee'],
  ['email', 'E-mail'],
  ['item', 'Item'],
  ['category', 'Category'],
  ['quantity', 'Quantity'],
  ['amount', 'Amount'],
  ['currency', 'Currency'],
  ['mode', 'Bought or loaned'],
  ['state', 'State'],
  ['auto_approved', 'Approved automatically'],
  ['delivery', 'Deliver to'],
  ['decline_reason', 'Reason declined'],
  ['created_at', 'Requested'],
  ['loan_due_at', 'Loan due'],
] as const;

function parseRows(request: { query: Record<string, string | undefined> }) {
  const q = parseDeclaredGridQuery(request.query, equipmentRequestsGrid);
  if (typeof q === 'string') return q;
  const state = q.filters.state;
  if (state && !(EQUIPMENT_STATES as readonly string[]).includes(state)) return `state must be one of: ${EQUIPMENT_STATES.join(', ')}.`;
  const category = q.filters.category;
  if (category && !(EQUIPMENT_CATEGORIES as readonly string[]).includes(category))
    return `category must be one of: ${EQUIPMENT_CATEGORIES.join(', ')}.`;
  return q;
}

/**
 * The programme manager's side (docs/product.md "Equipment"): the requests of their own client, their
 * decisions, spend against the budget and overdue loans, and the exports. The client is always the
 * caller's own; a request of any other client answers 404, as if it did not exist.
 */
export const managerHandlers = {
  async equipment_requests_list(ctx, request, reply) {
    const q = parseRows(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const { rows, total, more } = await requestRows(
      ctx.db,
      {
        clientIds: [request.caller.clientId],
        states: q.filters.state ? [q.filters.state] : undefined,
        category: q.filters.category,
        q: q.q,
        sort: q.sort,
        dir: q.dir,
        start: q.start,
        size: q.size,
        lang: languageOf(q.filters.lang),
      },
      SORT[q.sort],
      COUNT_CAP,
    );
    const now = ctx.now();
    return ok(reply, { total, more, rows: rows.map((r) => gridRow(r, request.caller, now)) });
  },

  async equipment_requests_export(ctx, request, reply) {
    const q = parseRows(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const format = request.query.format ?? 'csv';
    const caller = request.caller;
    const now = ctx.now();
    const { rows, total } = await requestRows(
      ctx.db,
      {
        clientIds: [caller.clientId],
        states: q.filters.state ? [q.filters.state] : undefined,
        category: q.filters.category,
        q: q.q,
        sort: q.sort,
        dir: q.dir,
        start: 0,
        size: MAX_EXPORT_ROWS,
        lang: languageOf(q.filters.lang),
      },
      SORT[q.sort],
    );
    if (total > MAX_EXPORT_ROWS)
      return fail(
        reply,
        400,
        `These filters find more than ${MAX_EXPORT_ROWS.toLocaleString('en')} requests, the most an export holds. Narrow them.`,
      );
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: caller.clientId,
        action: 'equipment.exported',
        target: 'equipment_requests',
        address: request.ip,
        details: { format, filters: q.filters, q: q.q, rows: rows.length },
      },
      now,
    );
    const cells = rows.map((raw) => {
      const r = gridRow(raw, caller, now);
      const amount = (r.total_cents / 100).toFixed(2);
      const values: Record<string, unknown> = { ...r, amount, auto_approved: r.auto_approved ? 'yes' : 'no' };
      return EXPORT_COLUMNS.map(([key]) => values[key] ?? '');
    });
    return sendTable(
      reply,
      format,
      'equipment-requests',
      'Equipment requests',
      EXPORT_COLUMNS.map(([, label]) => label),
      cells,
    );
  },

  /**
   * Spend is what the client agreed to pay for (SPENT_STATES), by the month it was requested (the last
   * twelve) and by category in the calendar year, against the yearly budget; with the requests waiting
   * and the loans out past their date.
   */
  async equipment_summary(ctx, request, reply) {
    const clientId = request.caller.clientId;
    const lang = languageOf(request.query.lang);
    const now = ctx.now();
    const year = now.getUTCFullYear();
    const yearStart = new Date(Date.UTC(year, 0, 1));
    const monthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
    const spent = sql.join([...SPENT_STATES]);
    const [client, byMonth, byCategory, waiting, overdue] = await Promise.all([
      ctx.db
        .selectFrom('clients')
        .select(['equipment_currency', 'equipment_budget_cents', 'equipment_auto_approve_cents'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow(),
      sql<{ month: string; cents: string }>`
        SELECT to_char(date_trunc('month', r.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, sum(r.quantity * r.unit_price_cents) AS cents
        FROM equipment_requests r
        WHERE r.client_id = ${clientId} AND r.created_at >= ${monthsFrom} AND r.state IN (${spent})
        GROUP BY 1 ORDER BY 1`.execute(ctx.db),
      sql<{ category: string; cents: string }>`
        SELECT i.category, sum(r.quantity * r.unit_price_cents) AS cents
        FROM equipment_requests r JOIN equipment_items i ON i.id = r.item_id
        WHERE r.client_id = ${clientId} AND r.created_at >= ${yearStart} AND r.state IN (${spent})
        GROUP BY 1 ORDER BY 2 DESC`.execute(ctx.db),
      sql<{ n: string }>`SELECT count(*) AS n FROM equipment_requests WHERE client_id = ${clientId} AND state = 'requested'`.execute(
        ctx.db,
      ),
      sql<{ id: number; employee: string; email: string; item: string; loan_due_at: Date }>`
        SELECT r.id, u.first_name || ' ' || u.last_name AS employee, u.email, ${itemName(lang, sql`r.item_id`)} AS item, r.loan_due_at
        FROM equipment_requests r JOIN users u ON u.id = r.user_id
        WHERE r.state = 'loaned' AND r.loan_due_at < ${now} AND r.client_id = ${clientId}
        ORDER BY r.loan_due_at, r.id LIMIT 50`.execute(ctx.db),
    ]);
    // Every month of the window, those without spend as 0, so the chart reads as a time line.
    const months = Array.from({ length: MONTHS }, (_, i) =>
      new Date(Date.UTC(monthsFrom.getUTCFullYear(), monthsFrom.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
    );
    const spentBy = new Map(byMonth.rows.map((r) => [r.month, Number(r.cents)]));
    const categories = byCategory.rows.map((r) => ({ category: r.category, cents: Number(r.cents) }));
    return ok(reply, {
      currency: client.equipment_currency,
      budget_cents: client.equipment_budget_cents === null ? null : Number(client.equipment_budget_cents),
      auto_approve_cents: client.equipment_auto_approve_cents,
      year,
      spent_year_cents: categories.reduce((sum, c) => sum + c.cents, 0),
      waiting: Number(waiting.rows[0]?.n ?? 0),
      by_month: months.map((month) => ({ month, cents: spentBy.get(month) ?? 0 })),
      by_category: categories,
      overdue_loans: overdue.rows.map((r) => ({ ...r, loan_due_at: new Date(r.loan_due_at).toISOString() })),
    });
  },

  async equipment_decide(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const name = request.payload.transition;
    const transition = equipmentTransition(name);
    const reason = (request.payload.reason ?? '').trim();
    if (transition.requires.includes('reason') && !reason) {
      // Another client's request is not found, whatever the body lacks (tests/api/tenant-isolation.test.ts).
      const visible = await ctx.db
        .selectFrom('equipment_requests')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', caller.clientId)
        .executeTakeFirst();
      return visible ? fail(reply, 400, REASON_NEEDED, { reason: REASON_NEEDED }) : fail(reply, 404, NOT_FOUND);
    }
    const now = ctx.now();
    const origin = originOf(ctx.config.publicUrl, request);
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const moved = await moveRequest(trx, { id, clientIds: [caller.clientId], transition: name, actorId: caller.userId, now, reason });
      if (!moved) {
        const exists = await trx
          .selectFrom('equipment_requests')
          .select('id')
          .where('id', '=', id)
          .where('client_id', '=', caller.clientId)
          .executeTakeFirst();
        return exists ? 409 : 404;
      }
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: `equipment.${name}`,
          target: `equipment_request:${id}`,
          address: request.ip,
          details: { before: { state: transition.from.join('|') }, after: { state: transition.to }, ...(reason ? { reason } : {}) },
        },
        now,
      );
      if (transition.email) await mailEquipmentStep(trx, id, transition.email.template as 'equipment_approved', origin, now, { reason });
      return moved;
    });
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409) return fail(reply, 409, MOVED_ON);
    return ok(reply, { id: outcome.id, state: outcome.state, updated_at: new Date(outcome.updated_at).toISOString() });
  },
} satisfies AreaHandlers<'equipment'>;
