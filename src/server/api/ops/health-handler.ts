import { fail, ok } from '../../http/replies';
import { SUPER_ADMIN } from '../../domain/roles/role-names';
import type { AreaHandlers } from '../../http/handler-types';
import { auditCheck } from './audit-check';
import { callTimingsOf } from '../../ops/call-timings';
import { activityFigures, outboxFigures, peopleFigures, storageFigures } from './system-figures';

/**
 * GET /superadmin/health: the whole system's state for the super admin dashboard. SPEC §6 keeps
 * the superadmin pages to the Super_admin role, so the role is checked here on the server
 * (OWASP ASVS 4.1.1: access control enforced server-side), whatever permissions the role holds.
 */
export const superadminHealthHandlers = {
  async superadmin_health(ctx, request, reply) {
    if (request.caller.roleName !== SUPER_ADMIN) return fail(reply, 403, 'You do not have permission to perform this action.');
    const now = ctx.now();
    const [people, activity, outbox, audit, storage] = await Promise.all([
      peopleFigures(ctx.db, now),
      activityFigures(ctx.db, now),
      outboxFigures(ctx.db),
      auditCheck(ctx.db, now),
      storageFigures(ctx.db),
    ]);
    const timings = callTimingsOf(ctx);
    return ok(reply, {
      generatedAt: now.toISOString(),
      ...people,
      activity,
      outbox,
      audit,
      storage,
      calls: { since: timings?.startedAt.toISOString() ?? null, slowest: timings?.slowest(10) ?? [] },
    });
  },
} satisfies AreaHandlers<'ops'>;
