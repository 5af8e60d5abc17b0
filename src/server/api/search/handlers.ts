import type { FastifyReply } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { parseId } from '../../http/request-guards';
import { fail, ok } from '../../http/replies';
import { pickableClients } from '../../domain/dashboards/scope';
import { readerZone } from '../../domain/dashboards/reader-zone';
import { NOT_FOUND, resolveClient, visibleClientIds } from '../../policies/client-scope';
import type { AreaHandlers, SignedInRequest, TextQuery } from '../../http/handler-types';
import { CUSTOM_SEARCH_GRIDS, isSearchKind, MAX_EXPORT_ROWS, type SearchKind } from '../../../shared/search/fields';
import { parseDefinition, parseDefinitionText, type SearchDefinition } from '../../../shared/search/validate';
import { csvExport, xlsxExport } from './export';
import { loadRecord } from './record';
import { countRows, searchRows, sortKeys } from './query';

/** Results are counted exactly up to here (SPEC §1 performance: a count must not walk a whole large client). */
export const COUNT_CAP = 10_000;
const UNKNOWN_KIND = 'There is no such custom search.';

interface Parsed {
  kind: SearchKind;
  client: number;
  definition: SearchDefinition;
  start: number;
  size: number;
  sort: string;
  dir: 'asc' | 'desc';
  /** The reader's time zone: a request's business days waited are their days (SPEC §2 dashboards). */
  zone: string;
}

/**
 * The address of a search: kind, client (resolveClient: another client answers 404), definition,
 * paging and a whitelisted sort. A reply is sent (and null returned) when something is wrong.
 */
async function parse(ctx: AppContext, request: SignedInRequest<{ kind: string }, TextQuery>, reply: FastifyReply): Promise<Parsed | null> {
  const { kind } = request.params;
  if (!isSearchKind(kind)) {
    fail(reply, 404, UNKNOWN_KIND);
    return null;
  }
  const query = request.query;
  const zone = readerZone(query);
  if (typeof zone === 'object') {
    fail(reply, 400, zone.error);
    return null;
  }
  const client = await resolveClient(ctx.db, request.caller, query.client_id);
  if (client === null) {
    fail(reply, 404, NOT_FOUND);
    return null;
  }
  const definition = parseDefinitionText(kind, query.definition);
  if (typeof definition === 'string') {
    fail(reply, 400, definition);
    return null;
  }
  // Paging, and the sort keys the kind's grid declares (manifest/grids/custom_search_*.yaml), newest first by default.
  const grid = parseDeclaredGridQuery(query, CUSTOM_SEARCH_GRIDS[kind]);
  if (typeof grid === 'string') {
    fail(reply, 400, grid);
    return null;
  }
  const sorts = sortKeys(kind);
  if (!sorts.includes(grid.sort)) {
    fail(reply, 400, `sort must be one of: ${sorts.join(', ')}.`);
    return null;
  }
  const { start, size, sort, dir } = grid;
  return { kind, client, definition, start, size, sort, dir, zone };
}

export const customSearchHandlers = {
  /** SPEC §2 /user/custom-search-*: one page of results and the total, for the server-paged grid. */
  async custom_search(ctx, request, reply) {
    const p = await parse(ctx, request, reply);
    if (!p) return reply;
    const at = { now: ctx.now(), zone: p.zone };
    const rows = await searchRows(ctx.db, p.kind, p.client, p.definition, {
      sort: p.sort,
      dir: p.dir,
      limit: p.size,
      offset: p.start,
      at,
    });
    // A page that is not full ends the results, so its start plus its length is the exact total: a
    // rare match on a large client is then read once, not twice (tests/bench/custom-search.ts).
    const count =
      rows.length < p.size && (rows.length > 0 || p.start === 0)
        ? { total: p.start + rows.length, more: false }
        : await countRows(ctx.db, p.kind, p.client, p.definition, at, COUNT_CAP);
    // `more`: the total is a floor ("more than 10,000"); the grid then pages on until a short page.
    return ok(reply, { rows, total: count.total, more: count.more, client_id: p.client });
  },

  /** The same search as CSV or Excel, at most MAX_EXPORT_ROWS rows; every export is audited with its definition. */
  async custom_search_export(ctx, request, reply) {
    const p = await parse(ctx, request, reply);
    if (!p) return reply;
    const format = request.query.format ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx') return fail(reply, 400, 'format must be csv or xlsx.');
    const now = ctx.now();
    const at = { now, zone: p.zone };
    const count = await countRows(ctx.db, p.kind, p.client, p.definition, at, MAX_EXPORT_ROWS);
    if (count.more)
      return fail(
        reply,
        400,
        `This search finds more than ${MAX_EXPORT_ROWS.toLocaleString('en')} records, the most an export holds. Add a condition to narrow it.`,
      );
    const rows = await searchRows(ctx.db, p.kind, p.client, p.definition, {
      sort: p.sort,
      dir: p.dir,
      limit: MAX_EXPORT_ROWS,
      offset: 0,
      at,
    });
    const caller = request.caller;
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: p.client,
        action: 'custom_search.exported',
        target: `custom_search:${p.kind}`,
        address: request.ip,
        details: { kind: p.kind, client_id: p.client, format, definition: p.definition, sort: p.sort, dir: p.dir, rows: rows.length },
      },
      now,
    );
    const name = `custom-search-${p.kind}`;
    reply.header('Cache-Control', 'no-store');
    if (format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}.csv"`)
        .send(csvExport(p.kind, rows, p.zone));
    }
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
      .send(await xlsxExport(p.kind, rows, p.zone));
  },

  /** SPEC §2 /user/custom-search-<kind>/:id/:clientId: one record of a client the caller may see. */
  async custom_search_record(ctx, request, reply) {
    const { kind, id, clientId } = request.params;
    if (!isSearchKind(kind)) return fail(reply, 404, UNKNOWN_KIND);
    const zone = readerZone(request.query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const client = await resolveClient(ctx.db, request.caller, clientId);
    const recordId = parseId(id);
    if (client === null || recordId === null) return fail(reply, 404, NOT_FOUND);
    const record = await loadRecord(ctx.db, kind, client, recordId, { now: ctx.now(), zone });
    return record ? ok(reply, { record }) : fail(reply, 404, NOT_FOUND);
  },

  /**
   * SPEC §2 Custom Search, SPEC §1 "who sees what": the clients the caller may search (a client
   * manager's assigned clients, a programme manager's own) and the one searched when none is named.
   */
  async custom_search_clients(ctx, request, reply) {
    const clients = await pickableClients(ctx, request);
    const client = await resolveClient(ctx.db, request.caller, undefined);
    return ok(reply, { client_id: client, clients });
  },

  /**
   * The caller's own saved searches, optionally of one kind and one client (client_id: another
   * client's id answers 404). A search saved for a client the caller no longer sees is not listed.
   */
  async saved_searches(ctx, request, reply) {
    const { kind, client_id: named } = request.query;
    if (kind !== undefined && kind !== '' && !isSearchKind(kind))
      return fail(reply, 400, 'kind must be self-assessment, ergo-eval, schedule-request or follow-up.');
    const caller = request.caller;
    let clients: number[];
    if (named !== undefined && named !== '') {
      const client = await resolveClient(ctx.db, caller, named);
      if (client === null) return fail(reply, 404, NOT_FOUND);
      clients = [client];
    } else clients = await visibleClientIds(ctx.db, caller);
    if (!clients.length) return ok(reply, { searches: [] });
    let query = ctx.db
      .selectFrom('saved_searches')
      .select(['id', 'kind', 'name', 'definition', 'client_id', 'updated_at'])
      .where('owner_id', '=', caller.userId)
      .where('client_id', 'in', clients);
    if (kind) query = query.where('kind', '=', kind);
    const rows = await query
      .orderBy(sql`lower(name)`)
      .limit(500)
      .execute();
    return ok(reply, {
      searches: rows.map((r) => ({
        ...r,
        definition: typeof r.definition === 'string' ? (JSON.parse(r.definition) as typeof r.definition) : r.definition,
      })),
    });
  },

  async saved_search_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const client = await resolveClient(ctx.db, caller, body.client_id);
    if (client === null) return fail(reply, 404, NOT_FOUND);
    const definition = parseDefinition(body.kind, body.definition);
    if (typeof definition === 'string') return fail(reply, 400, definition);
    const name = body.name.trim();
    if (await nameTaken(ctx, caller.userId, body.kind, name, null))
      return fail(reply, 400, 'You already have a saved search with this name.', { name: 'Choose another name.' });
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('saved_searches')
        .values({ owner_id: caller.userId, kind: body.kind, name, definition: JSON.stringify(definition), client_id: client })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: client,
          action: 'saved_search.created',
          target: `saved_search:${row.id}`,
          address: request.ip,
          details: { kind: body.kind, name, definition },
        },
        ctx.now(),
      );
      return row.id;
    });
    return ok(reply, { id }, 'The search has been saved.');
  },

  async saved_search_rename(ctx, request, reply) {
    const caller = request.caller;
    const search = await own(ctx, request);
    if (!search) return fail(reply, 404, NOT_FOUND);
    const name = request.payload.name.trim();
    if (await nameTaken(ctx, caller.userId, search.kind, name, search.id))
      return fail(reply, 400, 'You already have a saved search with this name.', { name: 'Choose another name.' });
    // The name it replaces is read under the row's lock in the writing transaction, so renames arriving
    // at once each record the name they replaced (ASVS V7.3).
    const renamed = await ctx.db.transaction().execute(async (trx) => {
      const current = await ownedSearch(trx, search.id, caller.userId, true);
      if (!current) return false;
      await trx
        .updateTable('saved_searches')
        .set({ name, updated_at: ctx.now() })
        .where('id', '=', search.id)
        .where('owner_id', '=', caller.userId)
        .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'saved_search.renamed',
          target: `saved_search:${search.id}`,
          address: request.ip,
          details: { before: current.name, after: name },
        },
        ctx.now(),
      );
      return true;
    });
    if (!renamed) return fail(reply, 404, NOT_FOUND);
    return ok(reply, { id: search.id }, 'The search has been renamed.');
  },

  async saved_search_delete(ctx, request, reply) {
    const caller = request.caller;
    const search = await own(ctx, request);
    if (!search) return fail(reply, 404, NOT_FOUND);
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      // Read under the row's lock: a deletion racing a rename records the name it removed.
      const current = await ownedSearch(trx, search.id, caller.userId, true);
      if (!current) return false;
      await trx.deleteFrom('saved_searches').where('id', '=', search.id).where('owner_id', '=', caller.userId).execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'saved_search.deleted',
          target: `saved_search:${search.id}`,
          address: request.ip,
          details: { name: current.name, kind: current.kind },
        },
        ctx.now(),
      );
      return true;
    });
    if (!deleted) return fail(reply, 404, NOT_FOUND);
    return ok(reply, { id: search.id }, 'The search has been deleted.');
  },
} satisfies AreaHandlers<'search'>;

/** The saved search named in the address when it is the caller's own; anyone else's is "not found". */
async function own(ctx: AppContext, request: SignedInRequest<{ id: string }>) {
  const id = parseId(request.params.id);
  if (!id) return undefined;
  return ownedSearch(ctx.db, id, request.caller.userId);
}

/** The owner's saved search; `lock` takes its row's lock for the transaction that changes it. */
function ownedSearch(db: Kysely<Database>, id: number, owner: number, lock = false) {
  const query = db.selectFrom('saved_searches').select(['id', 'kind', 'name']).where('id', '=', id).where('owner_id', '=', owner);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

async function nameTaken(ctx: AppContext, owner: number, kind: SearchKind, name: string, except: number | null): Promise<boolean> {
  let query = ctx.db
    .selectFrom('saved_searches')
    .select('id')
    .where('owner_id', '=', owner)
    .where('kind', '=', kind)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '!=', except);
  return Boolean(await query.executeTakeFirst());
}
