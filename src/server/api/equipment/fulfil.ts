import { equipmentFulfilmentGrid, type EquipmentFulfilmentGridSort } from '../../../../generated/grids';
import { audit } from '../../audit/audit';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { equipmentTransition } from '../../../shared/equipment/equipment-rules';
import { mailEquipmentStep } from '../../domain/equipment/equipment-mail';
import { scheduleOverdueLoanReminder, overdueLoanJobKey } from '../../domain/equipment/overdue-loan-job';
import { cancelJob } from '../../jobs/job-store';
import { gridRow, languageOf, requestRows } from './request-rows';
import { moveRequest, NoStockLeft, type Moved } from './moves';
import { originOf } from './employee';
import { equipmentClientIds } from './equipment-clients';

const MOVED_ON = 'This request has already moved on; reload to see where it stands.';
const NONE_LEFT = 'None of this item is left in stock to lend. Take one back, or add stock in the catalogue, first.';
/** What fulfilment works on: approved (to order or lend), ordered (to deliver) and loaned (to take back). */
const TO_DO = ['approved', 'ordered', 'loaned'] as const;

const SORT: Record<EquipmentFulfilmentGridSort, string> = { updated_at: 'r.updated_at', loan_due_at: 'r.loan_due_at' };

/**
 * Fulfilment (docs/product.md "Equipment"): an administrator or the Fulfilment role orders and delivers
 * bought items and lends and takes back loaned ones, for the clients they serve (equipment-clients.ts).
 */
export const fulfilHandlers = {
  async equipment_clients(ctx, request, reply) {
    const ids = await equipmentClientIds(ctx.db, request.caller);
    const clients =
      ids.length === 0
        ? []
        : await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', 'in', ids).orderBy('company_name').execute();
    return ok(reply, { clients });
  },

  async equipment_fulfilment_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, equipmentFulfilmentGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const state = q.filters.state;
    if (state && !(TO_DO as readonly string[]).includes(state)) return fail(reply, 400, `state must be one of: ${TO_DO.join(', ')}.`);
    const visible = await equipmentClientIds(ctx.db, request.caller);
    const clientId = q.filters.client_id === undefined ? null : parseId(q.filters.client_id);
    if (clientId !== null && !visible.includes(clientId)) return fail(reply, 404, NOT_FOUND);
    const { rows, total } = await requestRows(
      ctx.db,
      {
        clientIds: clientId === null ? visible : [clientId],
        states: state ? [state] : TO_DO,
        sort: q.sort,
        dir: q.dir,
        start: q.start,
        size: q.size,
        lang: languageOf(q.filters.lang),
      },
      SORT[q.sort],
    );
    const now = ctx.now();
    return ok(reply, { total, rows: rows.map((r) => gridRow(r, request.caller, now)) });
  },

  async equipment_fulfil(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const name = request.payload.transition;
    const transition = equipmentTransition(name);
    const now = ctx.now();
    const origin = originOf(ctx.config.publicUrl, request);
    const visible = await equipmentClientIds(ctx.db, caller);
    let outcome: Moved | 404 | 409;
    try {
      outcome = await ctx.db.transaction().execute(async (trx) => {
        const moved = await moveRequest(trx, { id, clientIds: visible, transition: name, actorId: caller.userId, now });
        if (!moved) {
          const exists =
            visible.length > 0 &&
            (await trx
              .selectFrom('equipment_requests')
              .select('id')
              .where('id', '=', id)
              .where('client_id', 'in', visible)
              .executeTakeFirst());
          return exists ? 409 : 404;
        }
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: moved.client_id,
            action: `equipment.${name}`,
            target: `equipment_request:${id}`,
            address: request.ip,
            details: { before: { state: transition.from.join('|') }, after: { state: transition.to } },
          },
          now,
        );
        // A loan's one reminder is due when the loan is; a loan taken back needs none.
        if (name === 'lend' && moved.loan_due_at) await scheduleOverdueLoanReminder(trx, id, new Date(moved.loan_due_at), origin);
        if (name === 'take_back') await cancelJob(trx, overdueLoanJobKey(id));
        if (transition.email) await mailEquipmentStep(trx, id, transition.email.template as 'equipment_ordered', origin, now);
        return moved;
      });
    } catch (error) {
      if (error instanceof NoStockLeft) return fail(reply, 409, NONE_LEFT);
      throw error;
    }
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409) return fail(reply, 409, MOVED_ON);
    return ok(reply, { id: outcome.id, state: outcome.state, updated_at: new Date(outcome.updated_at).toISOString() });
  },
} satisfies AreaHandlers<'equipment'>;
