import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiCalls, type ApiCallName } from '../../../generated/api';
import { audit } from '../audit/audit';
import { authenticate } from '../auth/authenticate';
import type { AppContext } from '../context';
import { decodeBody, queryStringProblem } from '../http/body';
import { fail } from '../http/replies';
import { paramsProblem, queryProblem } from '../http/request-guards';
import { API_PREFIX } from '../http/security';
import { SUPER_ADMIN } from '../domain/roles/role-names';
import { handlers } from '../api/handler-table';
import { holds } from '../context';

export const FORBIDDEN = 'You do not have permission to perform this action.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const SUPER_ADMIN_ONLY = 'Only a Super_admin may use the roles and permissions pages.';

/**
 * What a Super_admin-only call (`access: superadmin`) guards, named in its refusal (SPEC §6): the
 * calls listed here guard a page of their own; every other one the roles and permissions pages.
 */
const SUPER_ADMIN_PAGES: Partial<Record<ApiCallName, string>> = { superadmin_health: 'the Super Admin Dashboard' };

/** The 403 sentence of a Super_admin-only call refused to another role. */
export function superAdminOnly(call: ApiCallName): string {
  const page = SUPER_ADMIN_PAGES[call];
  return page ? `Only a Super_admin may use ${page}.` : SUPER_ADMIN_ONLY;
}

/**
 * Third in the fixed order: every SPEC §7 call of the manifest's table (generated/api.ts) with one
 * gate in front of its handler: address checks (path parameters, the query string and its declared
 * schema), then authentication (401), then the call's
 * permissions and `access: superadmin` (403, audited), then the body against the call's schema.
 */
/** A handler as the gate calls it: the gate's checks are what make its typed request (http/handler-types.ts) true. */
type CheckedHandler = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function registerApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const call of apiCalls) {
    const handler = handlers[call.name] as CheckedHandler | undefined;
    if (!handler) throw new Error(`No handler for API call ${call.name}`);
    app.route<{ Params: Record<string, string | undefined>; Querystring: Record<string, unknown> }>({
      method: call.method,
      url: `${API_PREFIX}${call.path}`,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Address checks come first: a malformed id or query is the same 400 for everyone.
        const problem =
          paramsProblem(request.params) ??
          queryProblem(request.query) ??
          (call.query ? queryStringProblem(request.query, call.query) : null);
        if (problem) return fail(reply, 400, problem);
        const caller = await authenticate(ctx, request);
        request.caller = caller;
        if (call.auth === 'session' && !caller) return fail(reply, 401, UNAUTHENTICATED);
        // The call's permissions (any of), then SPEC §6's Super_admin-only calls (`access: superadmin`):
        // decided here from the manifest, before the body is read or the handler runs. Nobody holds a
        // permission, so a declared permission keeps a guest out of a public call too.
        const lacksPermission = call.permissions.length > 0 && !(caller && call.permissions.some((p) => holds(caller, p)));
        const notSuperAdmin = call.access === 'superadmin' && request.caller?.roleName !== SUPER_ADMIN;
        if (lacksPermission || notSuperAdmin) {
          await audit(
            ctx.db,
            {
              actorId: request.caller?.userId ?? null,
              actorEmail: request.caller?.email ?? null,
              clientId: request.caller?.clientId ?? null,
              action: 'permission.denied',
              target: call.name,
              address: request.ip,
              ...(notSuperAdmin && !lacksPermission ? { details: { reason: 'super-admin-only' } } : {}),
            },
            ctx.now(),
          );
          return fail(reply, 403, notSuperAdmin && !lacksPermission ? superAdminOnly(call.name) : FORBIDDEN);
        }
        if (call.body) request.payload = decodeBody(request.body, call.body, call.form ?? null);
        return handler(ctx, request as FastifyRequest, reply);
      },
    });
  }
}
