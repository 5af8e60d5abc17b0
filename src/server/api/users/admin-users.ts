import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { audit } from '../../audit/audit';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { newToken, revokeUserFamilies, sha256 } from '../../auth/session-store';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { usersGrid, type UsersGridSort } from '../../../../generated/grids';
import { MAX_GRID_PAGE, parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { renderStored } from '../../mail/templates';
import { SUPER_ADMIN } from '../../domain/roles/role-names';
import { accountChangeRefusal, lockAccountRows, refuseChange } from '../../domain/roles/super-admin-guard';
import type { AreaHandlers, RequestWith, TextQuery } from '../../http/handler-types';
import { NAME_TAKEN } from '../../http/database-errors';

// The sort keys and filters are manifest/grids/users.yaml's: a key added there must be given its column here.
const SORTABLE: Record<UsersGridSort, string> = {
  id: 'users.id',
  first_name: 'users.first_name',
  last_name: 'users.last_name',
  email: 'users.email',
  company_name: 'clients.company_name',
  role: 'roles.display_name',
  region: 'users.region',
  status: 'users.status',
  created_at: 'users.created_at',
};
export const MAX_PAGE = MAX_GRID_PAGE;
export const MAX_EXPORT = 100_000;

interface Query {
  start: number;
  size: number;
  sort: UsersGridSort;
  dir: 'asc' | 'desc';
  q: string;
  clientId: number | null;
  status: string | null;
}

/** Parses the grid's query string strictly against its declaration; a bad value is a 400, never a guess. */
export function parseQuery(raw: Record<string, string | undefined>): Query | string {
  const q = parseDeclaredGridQuery(raw, usersGrid);
  if (typeof q === 'string') return q;
  return {
    start: q.start,
    size: q.size,
    sort: q.sort,
    dir: q.dir,
    q: q.q,
    clientId: q.filters.client_id ? Number(q.filters.client_id) : null,
    status: q.filters.status ?? null,
  };
}

/** The grid's page: users with their client and role names (migration 008 indexes its sorts). */
function filtered(db: Kysely<Database>, query: Query) {
  return db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .where(conditions(query));
}

/**
 * The filters touch users' own columns only, and client_id and role_id are required references, so
 * the total is counted on users alone: no join over every matching row.
 */
function counted(db: Kysely<Database>, query: Query) {
  return db.selectFrom('users').where(conditions(query));
}

function conditions(query: Query) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const parts: Expression<SqlBool>[] = [];
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        eb.or([
          eb(eb.fn('lower', ['users.email']), 'like', like),
          eb(eb.fn('lower', ['users.first_name']), 'like', like),
          eb(eb.fn('lower', ['users.last_name']), 'like', like),
        ]),
      );
    }
    if (query.clientId) parts.push(eb('users.client_id', '=', query.clientId));
    if (query.status) parts.push(eb('users.status', '=', query.status));
    return eb.and(parts);
  };
}

/**
 * The sort column. With a text search, the matches come from the trigram indexes and are few; the
 * planner would otherwise walk a sort index (column, id) hoping to meet 100 matches early, and when
 * the matches sit together in that order it reads half the table (seen as 140 ms on 100,000 users).
 * An expression with the same order (`|| ''`, `+ 0`) keeps the planner off the sort index then.
 */
const TEXT_SORTS = new Set<keyof typeof SORTABLE>(['first_name', 'last_name', 'email', 'company_name', 'role', 'region', 'status']);
function sortKey(q: Query) {
  const column = sql.ref(SORTABLE[q.sort]);
  if (!q.q) return column;
  if (TEXT_SORTS.has(q.sort)) return sql`(${column} || '')`;
  return q.sort === 'created_at' ? sql`(${column} + interval '0 seconds')` : sql`(${column} + 0)`;
}
function tieBreaker(q: Query) {
  return q.q ? sql`(users.id + 0)` : sql.ref('users.id');
}

// role_name lets the grid leave out the Edit link of a Super_admin account for other administrators (super-admin-guard.ts).
const COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'clients.company_name',
  'roles.display_name as role',
  'roles.name as role_name',
  'users.region',
  'users.status',
  'users.created_at',
] as const;

function query(request: RequestWith<unknown, TextQuery>) {
  return parseQuery(request.query);
}

/**
 * Validates the role and client ids a form names (they must exist: no dangling references) and the
 * region (one of that client's regions, the options the form offers). The answer names its field.
 */
async function checkReferences(ctx: AppContext, body: UserForm): Promise<{ field: string; message: string } | null> {
  const role = await ctx.db.selectFrom('roles').select('id').where('id', '=', body.role_id).executeTakeFirst();
  if (!role) return { field: 'role_id', message: 'User Role field is required' };
  const client = await ctx.db.selectFrom('clients').select(['id', 'regions']).where('id', '=', body.client_id).executeTakeFirst();
  if (!client) return { field: 'client_id', message: 'Client is required' };
  if (body.region && !client.regions.includes(body.region))
    return { field: 'region', message: "Region is not one of the client's regions." };
  return null;
}

const EMAIL_TAKEN = { email: NAME_TAKEN.users_email_ci.message };

interface UserForm {
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  client_id: number;
  region?: string;
  password?: string;
  password_confirmation?: string;
}

export const adminUserHandlers = {
  async admin_users_list(ctx, request, reply) {
    const q = query(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      filtered(ctx.db, q)
        .select([...COLUMNS])
        .orderBy(sortKey(q), q.dir)
        .orderBy(tieBreaker(q), q.dir)
        .limit(q.size)
        .offset(q.start)
        .execute(),
      counted(ctx.db, q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    // Only a Super_admin may change a Super_admin account: the row says whether this reader may edit it.
    const superAdmin = request.caller.roleName === SUPER_ADMIN;
    return ok(reply, {
      rows: rows.map((r) => ({ ...r, can_edit: superAdmin || r.role_name !== SUPER_ADMIN })),
      total: Number(total.count),
    });
  },

  async admin_users_export(ctx, request, reply) {
    const q = query(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const rows = await filtered(ctx.db, q)
      .select([...COLUMNS])
      .orderBy(sortKey(q), q.dir)
      .orderBy(tieBreaker(q), q.dir)
      .limit(MAX_EXPORT)
      .execute();
    const header = ['id', 'first_name', 'last_name', 'email', 'company', 'role', 'region', 'status', 'created_at'];
    const body = toCsv([
      header,
      ...rows.map((r) => [
        r.id,
        r.first_name,
        r.last_name,
        r.email,
        r.company_name,
        r.role,
        r.region ?? '',
        r.status,
        new Date(r.created_at).toISOString(),
      ]),
    ]);
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'users.exported',
        address: request.ip,
        details: { rows: rows.length },
      },
      ctx.now(),
    );
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="users.csv"').send(body);
  },

  async admin_user_get(ctx, request, reply) {
    const id = Number(request.params.id);
    const user = Number.isInteger(id)
      ? await ctx.db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'role_id', 'client_id', 'region', 'status'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    return user ? ok(reply, { user }) : fail(reply, 404, 'User not found.');
  },

  async admin_lookups(ctx, request, reply) {
    // The user form offers only roles this administrator may give: Super_admin to a Super_admin alone (super-admin-guard.ts).
    let roleQuery = ctx.db.selectFrom('roles').select(['id', 'display_name', 'name']).orderBy('display_name');
    if (request.caller.roleName !== SUPER_ADMIN) roleQuery = roleQuery.where('name', '!=', SUPER_ADMIN);
    const [roles, clients] = await Promise.all([
      roleQuery.execute(),
      ctx.db.selectFrom('clients').select(['id', 'company_name', 'regions']).orderBy('company_name').execute(),
    ]);
    return ok(reply, { roles, clients });
  },

  async admin_user_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const problem = await checkReferences(ctx, body);
    if (problem) return fail(reply, 400, problem.message, { [problem.field]: problem.message });
    if (body.password !== undefined) {
      const weak = passwordProblem(body.password, body.password_confirmation ?? '');
      if (weak) return fail(reply, 400, weak, { password: weak });
    }
    const refusal = await accountChangeRefusal(ctx.db, caller, null, { role_id: body.role_id, status: 'active' });
    if (refusal) return refuseChange(ctx, request, reply, refusal, 'user:new');
    const taken = await ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
      .executeTakeFirst();
    if (taken) return fail(reply, 400, EMAIL_TAKEN.email, EMAIL_TAKEN);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    // No password chosen by the admin: the new user sets one through a single-use link.
    const token = body.password ? null : newToken();
    // The account, its link and its audit entry commit together or not at all (ASVS V7.3).
    const user = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          email: body.email.trim(),
          role_id: body.role_id,
          client_id: body.client_id,
          region: body.region || null,
          password_hash: passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (token)
        await trx
          .insertInto('password_resets')
          .values({ token_hash: sha256(token), user_id: row.id, expires_at: new Date(ctx.now().getTime() + 7 * 24 * 3600 * 1000) })
          .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id,
          action: 'user.created',
          target: `user:${row.id}`,
          address: request.ip,
          details: { after: { ...body, password: undefined, password_confirmation: undefined } },
        },
        ctx.now(),
      );
      return row;
    });
    if (token) {
      const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const client = await ctx.db.selectFrom('clients').select('company_name').where('id', '=', body.client_id).executeTakeFirstOrThrow();
      const mail = await renderStored(ctx.db, 'account_created', {
        first_name: body.first_name,
        company_name: client.company_name,
        link: `${origin}/reset-password?token=${token}`,
      });
      if (mail) await ctx.mailer.send({ to: body.email, subject: mail.subject, text: mail.text });
    }
    return ok(reply, { id: user.id }, 'The user has been created.');
  },

  async admin_user_update(ctx, request, reply) {
    const caller = request.caller;
    const id = Number(request.params.id);
    const body = request.payload;
    const before = Number.isInteger(id)
      ? await ctx.db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'role_id', 'client_id', 'region', 'status'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!before) return fail(reply, 404, 'User not found.');
    const problem = await checkReferences(ctx, body);
    if (problem) return fail(reply, 400, problem.message, { [problem.field]: problem.message });
    // Nobody may change their own role; Super_admin accounts and the role itself are a Super_admin's (super-admin-guard.ts).
    if (body.role_id !== before.role_id && id === caller.userId)
      return refuseChange(ctx, request, reply, { status: 403, message: 'You may not change your own role.' }, `user:${id}`);
    const early = await accountChangeRefusal(ctx.db, caller, before, { role_id: body.role_id, status: before.status });
    if (early?.status === 403) return refuseChange(ctx, request, reply, early, `user:${id}`);
    const clash = await ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) return fail(reply, 400, EMAIL_TAKEN.email, EMAIL_TAKEN);
    let passwordHash: string | undefined;
    if (body.password) {
      const weak = passwordProblem(body.password, body.password_confirmation ?? '');
      if (weak) return fail(reply, 400, weak, { password: weak });
      passwordHash = await hashPassword(body.password);
    }
    // The record as it stands is read under its row lock in the writing transaction: the audit entry's
    // "before" is what this change replaced, even when two edits of one user arrive at once (ASVS V7.3).
    // The rule is checked again on the locked rows, then the change and its audit entry commit together.
    const refusal = await ctx.db.transaction().execute(async (trx) => {
      await lockAccountRows(trx, id);
      const current = await trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'role_id', 'client_id', 'region', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return 'gone' as const;
      const problem = await accountChangeRefusal(trx, caller, current, { role_id: body.role_id, status: current.status });
      if (problem) return problem;
      const after = {
        ...current,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        role_id: body.role_id,
        client_id: body.client_id,
        region: body.region ?? null,
      };
      await trx
        .updateTable('users')
        .set({
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          email: body.email.trim(),
          role_id: body.role_id,
          client_id: body.client_id,
          region: body.region || null,
          ...(passwordHash ? { password_hash: passwordHash, password_changed_at: ctx.now() } : {}),
        })
        .where('id', '=', id)
        .execute();
      if (passwordHash || body.role_id !== current.role_id)
        await revokeUserFamilies(trx, id, passwordHash ? 'password-change' : 'role-change', ctx.now());
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id,
          action: 'user.updated',
          target: `user:${id}`,
          address: request.ip,
          details: { before: current, after, password_changed: Boolean(passwordHash) },
        },
        ctx.now(),
      );
      return null;
    });
    if (refusal === 'gone') return fail(reply, 404, 'User not found.');
    if (refusal) return refuseChange(ctx, request, reply, refusal, `user:${id}`);
    return ok(reply, { id }, 'The user has been saved.');
  },
} satisfies AreaHandlers<'users'>;
