import { audit } from '../../audit/audit';
import { sql, type RawBuilder } from 'kysely';
import { likePattern, parseDeclaredGridQuery, type GridQuery } from '../../http/grid-query';
import { staffAssignmentsGrid, type StaffAssignmentsGridSort } from '../../../../generated/grids';
import type { AppContext } from '../../context';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

/** Permissions that make a user one of our staff serving clients (SPEC §6 evaluator and client-manager items). */
export const STAFF_PERMISSIONS = [
  'evaluator-client-list',
  'evaluator-reports-in-review',
  'evaluator-start-new-evaluation',
  'dashboard-pages-client-managers-view',
];

const person = sql<string>`u.first_name || ' ' || u.last_name`;
/** The grid's sort keys as columns (manifest/grids/staff_assignments.yaml): a key added there is a type error here. */
const ASSIGNMENT_SORTS: Record<StaffAssignmentsGridSort, RawBuilder<string>> = {
  company_name: sql.ref('c.company_name'),
  person,
  role: sql.ref('r.display_name'),
  assigned_at: sql.ref('a.assigned_at'),
};

/** The assignments whose person (name or e-mail) or client holds the grid's filter words. */
function assignmentsMatching(ctx: AppContext, q: GridQuery<StaffAssignmentsGridSort>) {
  let select = ctx.db
    .selectFrom('staff_client_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id');
  if (q.q) {
    const pattern = likePattern(q.q);
    select = select.where(
      sql<boolean>`lower(u.email || ' ' || u.first_name || ' ' || u.last_name || ' ' || c.company_name) LIKE ${pattern} ESCAPE '\\'`,
    );
  }
  return select;
}

/**
 * Administrators decide which clients each evaluator and client manager serves (docs/architecture.md
 * "Who sees which client"); every change is audited with who made it, in the same transaction.
 */
export const staffAssignmentHandlers = {
  /** What the assignment form offers: the active staff who may serve a client, and the clients. */
  async admin_staff_assignment_choices(ctx, _request, reply) {
    const staff = await ctx.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'r.display_name as role'])
      .where('u.status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_permissions as p')
            .select('p.role_id')
            .whereRef('p.role_id', '=', 'u.role_id')
            .where('p.permission', 'in', STAFF_PERMISSIONS),
        ),
      )
      .orderBy('u.email')
      .limit(1000)
      .execute();
    // The clients to choose from on /admin/staff_assignments (a users-edit administrator may lack clients-view).
    const clients = await ctx.db.selectFrom('clients').select(['id', 'company_name']).orderBy('company_name').limit(5000).execute();
    return ok(reply, { staff, clients });
  },

  /** The assignments as a server-paged grid (/admin/staff_assignments), sorted and filtered only as declared. */
  async admin_staff_assignments_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, staffAssignmentsGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      assignmentsMatching(ctx, q)
        .select(['a.user_id', 'a.client_id', 'a.assigned_at', 'u.email', person.as('person'), 'r.display_name as role', 'c.company_name'])
        .orderBy(ASSIGNMENT_SORTS[q.sort], q.dir)
        .orderBy('u.email', q.dir)
        .orderBy('a.client_id', q.dir)
        .limit(q.size)
        .offset(q.start)
        .execute(),
      assignmentsMatching(ctx, q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows, total: Number(total.count) });
  },

  async admin_staff_assign(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const user = await ctx.db
      .selectFrom('users as u')
      .select(['u.id', 'u.email'])
      .where('u.id', '=', body.user_id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_permissions as p')
            .select('p.role_id')
            .whereRef('p.role_id', '=', 'u.role_id')
            .where('p.permission', 'in', STAFF_PERMISSIONS),
        ),
      )
      .executeTakeFirst();
    // Each refusal names its field, so the form (manifest/forms/staff-assignment.yaml) shows it under that choice.
    const notStaff = 'Only evaluators and client managers can be assigned to a client.';
    if (!user) return fail(reply, 400, notStaff, { user_id: notStaff });
    const client = await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', body.client_id).executeTakeFirst();
    if (!client) return fail(reply, 404, 'Client not found.', { client_id: 'Client not found.' });
    const now = ctx.now();
    const added = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff_client_assignments')
        .values({ user_id: user.id, client_id: client.id, assigned_by: caller.userId, assigned_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (row) {
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: client.id,
            action: 'staff.assigned',
            target: `user:${user.id}`,
            address: request.ip,
            details: { user: user.email, client: client.company_name },
          },
          now,
        );
      }
      return Boolean(row);
    });
    return ok(
      reply,
      { user_id: user.id, client_id: client.id },
      added ? `${user.email} now serves ${client.company_name}.` : `${user.email} already serves ${client.company_name}.`,
    );
  },

  async admin_staff_unassign(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const now = ctx.now();
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('staff_client_assignments')
        .where('user_id', '=', body.user_id)
        .where('client_id', '=', body.client_id)
        .returning('user_id')
        .executeTakeFirst();
      if (row) {
        await audit(
          trx,
          {
            actorId: caller.userId,
            actorEmail: caller.email,
            clientId: body.client_id,
            action: 'staff.unassigned',
            target: `user:${body.user_id}`,
            address: request.ip,
            details: {},
          },
          now,
        );
      }
      return Boolean(row);
    });
    if (!removed) return fail(reply, 404, 'This person is not assigned to that client.');
    return ok(reply, { user_id: body.user_id, client_id: body.client_id }, 'The assignment has been removed.');
  },
} satisfies AreaHandlers<'evaluation-requests'>;
