import { audit } from '../../audit/audit';
import { toCsv } from '../../http/csv';
import { parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND, resolveClient } from '../../policies/client-scope';
import type { AreaHandlers, SignedInRequest } from '../../http/handler-types';
import { loadEmployeeRecord } from './employee-record';
import { employeeRegions, parseSearchQuery, searchEmployees } from './employee-search';

/** At most this many rows in one CSV export (a client's whole workforce fits). */
const MAX_EXPORT = 20000;

type Query = Record<string, string | undefined>;

/** The client a search is about (client-scope.ts resolveClient): client_id when visible, else null (404). */
async function searchClient(request: SignedInRequest<unknown, Query>, db: Parameters<typeof resolveClient>[0]) {
  return resolveClient(db, request.caller, request.query.client_id);
}

/** SPEC §2 employee search and records (src/server/api/search/README.md "Employee search and records"). */
export const employeeHandlers = {
  async employee_search(ctx, request, reply) {
    const q = parseSearchQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    const clientId = await searchClient(request, ctx.db);
    if (clientId === null) return fail(reply, 404, NOT_FOUND);
    const [page, regions, client] = await Promise.all([
      searchEmployees(ctx.db, clientId, q),
      employeeRegions(ctx.db, clientId),
      ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', clientId).executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { ...page, client, regions });
  },

  async employee_search_csv(ctx, request, reply) {
    const q = parseSearchQuery(request.query);
    if (typeof q === 'string') return fail(reply, 400, q);
    const clientId = await searchClient(request, ctx.db);
    if (clientId === null) return fail(reply, 404, NOT_FOUND);
    const { rows } = await searchEmployees(ctx.db, clientId, { ...q, start: 0 }, MAX_EXPORT);
    const header = [
      'first_name',
      'last_name',
      'email',
      'region',
      'status',
      'last_assessment_at',
      'last_area',
      'band',
      'score',
      'open_requests',
    ];
    const body = toCsv([
      header,
      ...rows.map((r) => [
        r.first_name,
        r.last_name,
        r.email,
        r.region ?? '',
        r.status,
        r.last_assessment_at ?? '',
        r.last_area ?? '',
        r.band ?? '',
        r.score ?? '',
        r.open_requests,
      ]),
    ]);
    // Personal data leaving the product is recorded (ASVS V7.1), like the users export.
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'employees.exported',
        address: request.ip,
        details: { client_id: clientId, rows: rows.length },
      },
      ctx.now(),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="employees.csv"')
      .header('Cache-Control', 'private, no-store')
      .send(body);
  },

  async employee_record(ctx, request, reply) {
    const id = parseId(request.params.id);
    const named = request.query.client_id;
    const clientId = named === undefined || named === '' ? null : parseId(named);
    if (!id || (named && !clientId)) return fail(reply, 404, NOT_FOUND);
    const record = await loadEmployeeRecord(ctx.db, request.caller, id, clientId);
    return record ? ok(reply, record) : fail(reply, 404, NOT_FOUND);
  },
} satisfies AreaHandlers<'search'>;
