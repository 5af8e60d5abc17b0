import { parseDate } from '../http/request-guards';
import { verifyAuditChain } from '../audit/audit';
import { fail, ok } from '../http/replies';
import type { HandlerTable } from './types';

const MAX_PAGE = 500;

/** Strict parsing of the viewer's filters (actor, client, action, date range) and page. */
export function parseAuditQuery(raw: Record<string, string | undefined>) {
  const start = Number(raw.start ?? 0);
  const size = Number(raw.size ?? 100);
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(size) || size < 1 || size > MAX_PAGE) return 'start and size must be whole numbers (size at most 500).';
  const clientId = raw.client_id ? Number(raw.client_id) : null;
  if (clientId !== null && (!Number.isInteger(clientId) || clientId < 1)) return 'client_id must be a client id.';
  const from = raw.from ? parseDate(raw.from) : null;
  const to = raw.to ? parseDate(raw.to) : null;
  if ((raw.from && !from) || (raw.to && !to)) return 'from and to must be dates (YYYY-MM-DD) from the year 1900 on.';
  if (raw.action && !/^[a-z_.]{1,60}$/.test(raw.action)) return 'action is not valid.';
  return { start, size, clientId, from, to, action: raw.action ?? null, actor: (raw.actor ?? '').trim().toLowerCase().slice(0, 100) };
}

export const adminAuditHandlers: HandlerTable = {
  async admin_audit_log(ctx, request, reply) {
    const q = parseAuditQuery(request.query as Record<string, string | undefined>);
    if (typeof q === 'string') return fail(reply, 400, q);
    let base = ctx.db.selectFrom('audit_log');
    if (q.actor) base = base.where((eb) => eb(eb.fn('lower', ['actor_email']), 'like', `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (q.action) base = base.where('action', '=', q.action);
    if (q.clientId) base = base.where('client_id', '=', q.clientId);
    if (q.from) base = base.where('occurred_at', '>=', q.from);
    if (q.to) base = base.where('occurred_at', '<', new Date(q.to.getTime() + 24 * 3600 * 1000));
    const [rows, total] = await Promise.all([
      base.select(['id', 'occurred_at', 'actor_email', 'client_id', 'action', 'target', 'address']).orderBy('id', 'desc').limit(q.size).offset(q.start).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows, total: Number(total.count) });
  },

  async admin_audit_verify(ctx, _request, reply) {
    return ok(reply, await verifyAuditChain(ctx.db));
  },
};
