import { auditLogGrid } from '../../../generated/grids';
import { parseDeclaredGridQuery } from '../http/grid-query';
import { parseDate } from '../http/request-guards';
import { verifyAuditChain } from '../audit/audit';
import { fail, ok } from '../http/replies';
import type { HandlerTable } from './types';

/** Strict parsing of the viewer's filters (actor, action, date range) and page: manifest/grids/audit_log.yaml. */
export function parseAuditQuery(raw: Record<string, string | undefined>) {
  const q = parseDeclaredGridQuery(raw, auditLogGrid);
  if (typeof q === 'string') return q;
  const { actor, action, from, to } = q.filters;
  if (action && !/^[a-z_.]{1,60}$/.test(action)) return 'action is not valid.';
  return {
    start: q.start,
    size: q.size,
    from: from ? parseDate(from) : null,
    to: to ? parseDate(to) : null,
    action: action ?? null,
    actor: (actor ?? '').trim().toLowerCase().slice(0, 100),
  };
}

export const adminAuditHandlers: HandlerTable = {
  async admin_audit_log(ctx, request, reply) {
    const q = parseAuditQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    let base = ctx.db.selectFrom('audit_log');
    if (q.actor) base = base.where((eb) => eb(eb.fn('lower', ['actor_email']), 'like', `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (q.action) base = base.where('action', '=', q.action);
    if (q.from) base = base.where('occurred_at', '>=', q.from);
    if (q.to) base = base.where('occurred_at', '<', new Date(q.to.getTime() + 24 * 3600 * 1000));
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'occurred_at', 'actor_email', 'client_id', 'action', 'target', 'address'])
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset(q.start)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows, total: Number(total.count) });
  },

  async admin_audit_verify(ctx, _request, reply) {
    return ok(reply, await verifyAuditChain(ctx.db));
  },
};
