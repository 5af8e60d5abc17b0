import { sql, type Kysely, type Transaction } from 'kysely';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { userGroupsGrid, type UserGroupsGridSort } from '../../../../generated/grids';
import { likePattern, parseDeclaredGridQuery, parseId, type GridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, RequestWith, TextQuery } from '../../http/handler-types';
import { NAME_TAKEN } from '../../http/database-errors';

/** User groups (SPEC §2 /admin/all_user_group and /admin/user_group): named users of one client. */
// The sort keys are manifest/grids/user_groups.yaml's: a key added there must be given its column here.
const SORTABLE: Record<UserGroupsGridSort, string> = {
  name: 'user_groups.name',
  company_name: 'clients.company_name',
  member_count: 'member_count',
  created_at: 'user_groups.created_at',
};
type Sort = UserGroupsGridSort;
function gridQuery(request: RequestWith<unknown, TextQuery>) {
  return parseDeclaredGridQuery(request.query, userGroupsGrid);
}

function filtered(db: Kysely<Database>, q: GridQuery<Sort>) {
  let builder = db.selectFrom('user_groups').innerJoin('clients', 'clients.id', 'user_groups.client_id');
  if (q.q) builder = builder.where((eb) => eb(eb.fn('lower', ['user_groups.name']), 'like', likePattern(q.q)));
  if (q.filters.client_id) builder = builder.where('user_groups.client_id', '=', Number(q.filters.client_id));
  return builder;
}

function page(db: Kysely<Database>, q: GridQuery<Sort>, limit: number, offset: number) {
  return filtered(db, q)
    .select([
      'user_groups.id',
      'user_groups.name',
      'user_groups.description',
      'user_groups.client_id',
      'clients.company_name',
      'user_groups.created_at',
      (eb) =>
        eb
          .selectFrom('user_group_members')
          .select((m) => m.fn.countAll<string>().as('c'))
          .whereRef('user_group_members.group_id', '=', 'user_groups.id')
          .as('member_count'),
    ])
    .orderBy(sql.ref(SORTABLE[q.sort]), q.dir)
    .orderBy('user_groups.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Resolves the members' e-mails to users of the group's client. Anyone unknown or of another client
 * is refused by address (a group never reaches across clients).
 */
async function resolveMembers(
  db: Kysely<Database> | Transaction<Database>,
  clientId: number,
  members: string | undefined,
): Promise<number[] | string> {
  const emails = [
    ...new Set(
      (members ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!emails.length) return [];
  const found = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .execute();
  const known = new Set(found.map((u) => u.email.toLowerCase()));
  const missing = emails.filter((e) => !known.has(e));
  return missing.length
    ? `These e-mail addresses are not users of this client: ${missing.join(', ')}`
    : found.map((u) => u.id).sort((a, b) => a - b);
}

/** The group and its members; `lock` takes the group row's lock, for the transaction that changes it. */
async function loadGroup(db: Kysely<Database>, id: number, lock = false) {
  const query = db.selectFrom('user_groups').select(['id', 'name', 'client_id', 'description']).where('id', '=', id);
  const group = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!group) return null;
  const members = await db
    .selectFrom('user_group_members')
    .innerJoin('users', 'users.id', 'user_group_members.user_id')
    .select(['users.id', 'users.email'])
    .where('group_id', '=', id)
    .orderBy('users.email')
    .execute();
  return { ...group, members: members.map((m) => m.email).join(', '), member_ids: members.map((m) => m.id) };
}

async function checkClient(db: Kysely<Database>, clientId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst());
}

async function nameTaken(db: Kysely<Database>, clientId: number, name: string, except: number | null): Promise<boolean> {
  let query = db
    .selectFrom('user_groups')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except) query = query.where('id', '!=', except);
  return Boolean(await query.executeTakeFirst());
}

// Named under the form's Name field (SPEC §5), as every refusal that concerns one field.
const GROUP_NAME_TAKEN = NAME_TAKEN.user_groups_client_name.message;

export const adminUserGroupHandlers = {
  async admin_user_groups(ctx, request, reply) {
    const q = gridQuery(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      page(ctx.db, q, q.size, q.start),
      filtered(ctx.db, q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows: rows.map((r) => ({ ...r, member_count: Number(r.member_count ?? 0) })), total: Number(total.count) });
  },

  async admin_user_groups_export(ctx, request, reply) {
    const q = gridQuery(request);
    if (typeof q === 'string') return fail(reply, 400, q);
    const rows = await page(ctx.db, q, 100_000, 0);
    const body = toCsv([
      ['id', 'name', 'client', 'members', 'description', 'created_at'],
      ...rows.map((r) => [r.id, r.name, r.company_name, Number(r.member_count ?? 0), r.description, new Date(r.created_at).toISOString()]),
    ]);
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'user_groups.exported',
        address: request.ip,
        details: { rows: rows.length },
      },
      ctx.now(),
    );
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="user-groups.csv"').send(body);
  },

  async admin_user_group_get(ctx, request, reply) {
    const id = parseId(request.params.id);
    const group = id ? await loadGroup(ctx.db, id) : null;
    return group ? ok(reply, { group }) : fail(reply, 404, 'User group not found.');
  },

  async admin_user_group_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    if (!(await checkClient(ctx.db, body.client_id))) return fail(reply, 400, 'Client is required');
    if (await nameTaken(ctx.db, body.client_id, body.name.trim(), null))
      return fail(reply, 400, GROUP_NAME_TAKEN, { name: GROUP_NAME_TAKEN });
    const members = await resolveMembers(ctx.db, body.client_id, body.members);
    if (typeof members === 'string') return fail(reply, 400, members);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('user_groups')
        .values({ name: body.name.trim(), client_id: body.client_id, description: (body.description ?? '').trim() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (members.length)
        await trx
          .insertInto('user_group_members')
          .values(members.map((user_id) => ({ group_id: row.id, user_id })))
          .execute();
      // The change and its audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id,
          action: 'user_group.created',
          target: `user_group:${row.id}`,
          address: request.ip,
          details: {
            after: { name: body.name.trim(), client_id: body.client_id, description: body.description ?? '', member_ids: members },
          },
        },
        ctx.now(),
      );
      return row.id;
    });
    return ok(reply, { id }, 'The user group has been created.');
  },

  async admin_user_group_update(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const exists = id ? await loadGroup(ctx.db, id) : null;
    if (!id || !exists) return fail(reply, 404, 'User group not found.');
    const body = request.payload;
    if (!(await checkClient(ctx.db, body.client_id))) return fail(reply, 400, 'Client is required');
    if (await nameTaken(ctx.db, body.client_id, body.name.trim(), id))
      return fail(reply, 400, GROUP_NAME_TAKEN, { name: GROUP_NAME_TAKEN });
    const members = await resolveMembers(ctx.db, body.client_id, body.members);
    if (typeof members === 'string') return fail(reply, 400, members);
    // "before" is read under the group row's lock in the writing transaction, so edits arriving at once
    // each record the version they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await loadGroup(trx, id, true);
      if (!before) return false;
      const { members: _emails, ...beforeRecord } = before;
      await trx
        .updateTable('user_groups')
        .set({ name: body.name.trim(), client_id: body.client_id, description: (body.description ?? '').trim(), updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_group_members').where('group_id', '=', id).execute();
      if (members.length)
        await trx
          .insertInto('user_group_members')
          .values(members.map((user_id) => ({ group_id: id, user_id })))
          .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id,
          action: 'user_group.updated',
          target: `user_group:${id}`,
          address: request.ip,
          details: {
            before: beforeRecord,
            after: {
              id,
              name: body.name.trim(),
              client_id: body.client_id,
              description: (body.description ?? '').trim(),
              member_ids: members,
            },
          },
        },
        ctx.now(),
      );
      return true;
    });
    if (!saved) return fail(reply, 404, 'User group not found.');
    return ok(reply, { id }, 'The user group has been saved.');
  },
} satisfies AreaHandlers<'users'>;
