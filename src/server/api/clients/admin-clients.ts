import { sql, type Kysely, type Transaction } from 'kysely';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { fail, ok } from '../../http/replies';
import { acceptImage, clientImageUrl, toDataUrl, type StoredImage } from '../../domain/clients/images';
import { auditView, clientColumns, clientToForm, type ClientForm } from './client-record';
import type { AreaHandlers, RequestWith } from '../../http/handler-types';
import { clientsGrid, type ClientsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { NAME_TAKEN } from '../../http/database-errors';

// The sort keys and filters are manifest/grids/clients.yaml's: a key added there must be given its column here.
const SORTABLE: Record<ClientsGridSort, string> = {
  company_name: 'clients.company_name',
  company_code: 'clients.company_code',
  client_type: 'clients.client_type',
  status: 'clients.status',
  users: 'users',
  id: 'clients.id',
  created_at: 'clients.created_at',
};
const MAX_EXPORT = 100_000;

interface Query {
  start: number;
  size: number;
  sort: ClientsGridSort;
  dir: 'asc' | 'desc';
  q: string;
  status: string | null;
}

/** Parses the grid's query string strictly against its declaration (start, size, sort, dir, q, status); a bad value is a 400. */
export function parseClientQuery(raw: Record<string, string | undefined>): Query | string {
  const q = parseDeclaredGridQuery(raw, clientsGrid);
  if (typeof q === 'string') return q;
  return { start: q.start, size: q.size, sort: q.sort, dir: q.dir, q: q.q, status: q.filters.status ?? null };
}

function filtered(db: Kysely<Database>, query: Query) {
  let builder = db.selectFrom('clients');
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    builder = builder.where((eb) =>
      eb.or([eb(eb.fn('lower', ['company_name']), 'like', like), eb(eb.fn('lower', ['company_code']), 'like', like)]),
    );
  }
  if (query.status) builder = builder.where('status', '=', query.status);
  return builder;
}

function page(db: Kysely<Database>, q: Query, limit: number, offset: number) {
  return filtered(db, q)
    .select([
      'clients.id',
      'clients.logo',
      'clients.company_name',
      'clients.company_code',
      'clients.client_type',
      'clients.status',
      'clients.created_at',
    ])
    .select((eb) =>
      eb.selectFrom('users').select(eb.fn.countAll<string>().as('n')).whereRef('users.client_id', '=', 'clients.id').as('users'),
    )
    .orderBy(sql.ref(SORTABLE[q.sort]), q.dir)
    .orderBy('clients.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Both images checked by their real bytes; the first problem is the message (SPEC §5). */
function acceptImages(body: ClientForm): { logo: StoredImage; banner: StoredImage } | { field: string; message: string } {
  const logo = acceptImage(body.logo_file, 'logo');
  if (typeof logo === 'string') return { field: 'logo_file', message: logo };
  const banner = acceptImage(body.banner_image, 'banner');
  if (typeof banner === 'string') return { field: 'banner_image', message: banner };
  return { logo, banner };
}

/** Company code unique case-insensitively, default role existing: the checks the schema cannot make. */
async function referenceProblem(
  db: Kysely<Database>,
  body: ClientForm,
  id: number | null,
): Promise<{ field: string; message: string } | null> {
  let clash = db
    .selectFrom('clients')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['company_code']), '=', body.company_code.trim().toLowerCase()));
  if (id !== null) clash = clash.where('id', '!=', id);
  if (await clash.executeTakeFirst()) return NAME_TAKEN.clients_company_code_ci;
  const role = await db.selectFrom('roles').select('id').where('id', '=', body.default_user_role).executeTakeFirst();
  if (!role) return { field: 'default_user_role', message: 'By Default User Role field is required' };
  const admin = await adminRoleIds(db);
  return admin.has(role.id) ? { field: 'default_user_role', message: 'The default user role may not open the admin center.' } : null;
}

/**
 * Anyone who knows the company code may register with the default role (/register): never a role
 * that opens the admin center. The form offers only the others; the save refuses them again.
 */
async function adminRoleIds(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('role_id')
    .where('permission', '=', 'site-access-admin-center-view')
    .execute();
  return new Set(rows.map((r) => r.role_id));
}

async function saveImages(trx: Transaction<Database>, clientId: number, images: { logo: StoredImage; banner: StoredImage }) {
  for (const kind of ['logo', 'banner'] as const) {
    const image = images[kind];
    const row = {
      content_type: image.contentType,
      file_name: image.fileName,
      data_base64: image.base64,
      sha256: image.sha256,
      updated_at: new Date(),
    };
    await trx
      .insertInto('client_images')
      .values({ client_id: clientId, kind, ...row })
      .onConflict((oc) => oc.columns(['client_id', 'kind']).doUpdateSet(row))
      .execute();
  }
  await trx
    .updateTable('clients')
    .set({ logo: clientImageUrl(clientId, 'logo', images.logo), banner: clientImageUrl(clientId, 'banner', images.banner) })
    .where('id', '=', clientId)
    .execute();
}

async function imageHashes(db: Kysely<Database>, clientId: number) {
  const rows = await db.selectFrom('client_images').select(['kind', 'sha256']).where('client_id', '=', clientId).execute();
  return { logo: rows.find((r) => r.kind === 'logo')?.sha256 ?? null, banner: rows.find((r) => r.kind === 'banner')?.sha256 ?? null };
}

const idOf = (request: RequestWith<{ id: string }>) => {
  const id = Number(request.params.id);
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

export const adminClientHandlers = {
  async admin_clients_list(ctx, request, reply) {
    const q = parseClientQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      page(ctx.db, q, q.size, q.start),
      filtered(ctx.db, q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows: rows.map((r) => ({ ...r, users: Number(r.users) })), total: Number(total.count) });
  },

  async admin_clients_export(ctx, request, reply) {
    const q = parseClientQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    const rows = await page(ctx.db, q, MAX_EXPORT, 0);
    const header = ['id', 'company_name', 'company_code', 'client_type', 'status', 'users', 'created_at'];
    // The users export's CSV writer: cells starting with = + - @ are neutralised (OWASP CSV injection).
    const body = toCsv([
      header,
      ...rows.map((r) => [
        r.id,
        r.company_name,
        r.company_code,
        r.client_type,
        r.status,
        Number(r.users),
        new Date(r.created_at).toISOString(),
      ]),
    ]);
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'clients.exported',
        address: request.ip,
        details: { rows: rows.length },
      },
      ctx.now(),
    );
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="clients.csv"').send(body);
  },

  async admin_client_lookups(ctx, _request, reply) {
    const [roles, admin] = await Promise.all([
      ctx.db.selectFrom('roles').select(['id', 'display_name']).orderBy('display_name').execute(),
      adminRoleIds(ctx.db),
    ]);
    return ok(reply, { roles: roles.filter((r) => !admin.has(r.id)) });
  },

  async admin_client_get(ctx, request, reply) {
    const id = idOf(request);
    const row = id ? await ctx.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) return fail(reply, 404, 'Client not found.');
    const images = await ctx.db
      .selectFrom('client_images')
      .select(['kind', 'content_type', 'file_name', 'data_base64'])
      .where('client_id', '=', row.id)
      .execute();
    const logo = images.find((i) => i.kind === 'logo');
    const banner = images.find((i) => i.kind === 'banner');
    return ok(reply, {
      client: {
        ...clientToForm(row),
        ...(logo ? { logo_file: toDataUrl(logo) } : {}),
        ...(banner ? { banner_image: toDataUrl(banner) } : {}),
      },
    });
  },

  async admin_client_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const images = acceptImages(body);
    if ('message' in images)
      return reply.code(400).send({ success: false, errors: images.message, fields: { [images.field]: images.message } });
    const problem = await referenceProblem(ctx.db, body, null);
    if (problem) return fail(reply, 400, problem.message, { [problem.field]: problem.message });
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('clients').values(clientColumns(body)).returning('id').executeTakeFirstOrThrow();
      await saveImages(trx, row.id, images);
      // The change and its audit entry commit together or not at all (ASVS V7.3).
      const after = await trx.selectFrom('clients').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: row.id,
          action: 'client.created',
          target: `client:${row.id}`,
          address: request.ip,
          details: { after: auditView(after, await imageHashes(trx, row.id)) },
        },
        ctx.now(),
      );
      return row.id;
    });
    return ok(reply, { id }, 'The client has been created.');
  },

  async admin_client_update(ctx, request, reply) {
    const caller = request.caller;
    const id = idOf(request);
    const exists = id ? await ctx.db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst() : undefined;
    if (!id || !exists) return fail(reply, 404, 'Client not found.');
    const body = request.payload;
    const images = acceptImages(body);
    if ('message' in images)
      return reply.code(400).send({ success: false, errors: images.message, fields: { [images.field]: images.message } });
    const problem = await referenceProblem(ctx.db, body, id);
    if (problem) return fail(reply, 400, problem.message, { [problem.field]: problem.message });
    // "before" is read under the row's lock in the writing transaction, so edits arriving at once each
    // record the version they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('clients').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) return false;
      const beforeHashes = await imageHashes(trx, id);
      await trx.updateTable('clients').set(clientColumns(body)).where('id', '=', id).execute();
      await saveImages(trx, id, images);
      const after = await trx.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: id,
          action: 'client.updated',
          target: `client:${id}`,
          address: request.ip,
          details: { before: auditView(before, beforeHashes), after: auditView(after, await imageHashes(trx, id)) },
        },
        ctx.now(),
      );
      return true;
    });
    if (!saved) return fail(reply, 404, 'Client not found.');
    return ok(reply, { id }, 'The client has been saved.');
  },
} satisfies AreaHandlers<'clients'>;
