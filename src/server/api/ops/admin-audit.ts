import { auditLogGrid } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { parseDate } from '../../http/request-guards';
import { verifyAuditChain } from '../../audit/audit';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { isAuditAction } from '../../../shared/audit-actions';

/** Strict parsing of the viewer's filters (actor, action, date range) and page: manifest/grids/audit_log.yaml. */
export function parseAuditQuery(raw: Record<string, string | undefined>) {
  const q = parseDeclaredGridQuery(raw, auditLogGrid);
  if (typeof q === 'string') return q;
  const { actor, action, from, to, client_id } = q.filters;
  if (action && !isAuditAction(action)) return 'action is not valid.';
  return {
    start: q.start,
    size: q.size,
    from: from ? parseDate(from) : null,
    to: to ? parseDate(to) : null,
    action: action ?? null,
    clientId: client_id ? Number(client_id) : null,
    actor: (actor ?? '').trim().toLowerCase().slice(0, 100),
  };
}

export const adminAuditHandlers = {
  async admin_audit_log(ctx, request, reply) {
    const q = parseAuditQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    let base = ctx.db.selectFrom('audit_log');
    if (q.actor) base = base.where((eb) => eb(eb.fn('lower', ['actor_email']), 'like', `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (q.action) base = base.where('action', '=', q.action);
    if (q.clientId) base = base.where('audit_log.client_id', '=', q.clientId);
    if (q.from) base = base.where('occurred_at', '>=', q.from);
    if (q.to) base = base.where('occurred_at', '<', new Date(q.to.getTime() + 24 * 3600 * 1000));
    const [rows, total] = await Promise.all([
      base
        // The client's name beside its id (the log keeps the id; a deleted client leaves it unnamed).
        .leftJoin('clients', 'clients.id', 'audit_log.client_id')
        .select([
          'audit_log.id',
          'audit_log.occurred_at',
          'audit_log.actor_email',
          'audit_log.client_id',
          'clients.company_name as client_name',
          'audit_log.action',
          'audit_log.target',
          'audit_log.address',
        ])
        .orderBy('audit_log.id', 'desc')
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
} satisfies AreaHandlers<'ops'>;
