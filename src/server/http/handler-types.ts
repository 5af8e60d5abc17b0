import type { FastifyRequest } from 'fastify';
import type { ApiCallName } from '../../../generated/api';
import type { ApiArea, ApiAuth, ApiBody, ApiParams, ApiQuery, AreaCalls } from '../../../generated/api-types';
import type { AppContext, Caller } from '../context';
import type { ApiReply } from './replies';

/**
 * Who calls `N`: always someone for an `auth: session` call (the gate answers 401 before the
 * handler runs otherwise), maybe nobody for a public one.
 */
export type CallerOf<N extends ApiCallName> = ApiAuth<N> extends 'session' ? Caller : Caller | null;

/**
 * The request a call's handler sees: path parameters, query and decoded payload typed from the
 * call's schemas in manifest/api/*.yaml (generated/api-types.ts). The gate (plugins/api-routes.ts)
 * checks all three, and the caller of a session call, before the handler runs, so the types hold at run time.
 */
export type ApiRequest<N extends ApiCallName> = FastifyRequest<{ Params: ApiParams<N>; Querystring: ApiQuery<N> }> & {
  payload: ApiBody<N>;
  caller: CallerOf<N>;
};

/** A handler for one SPEC §7 call; method, path, auth, permissions and schemas come from the manifest. */
export type Handler<N extends ApiCallName> = (ctx: AppContext, request: ApiRequest<N>, reply: ApiReply<N>) => Promise<unknown>;
/** The calls declared in another file of manifest/api/ than `<A>.yaml`: area `A`'s tables may not hold them. */
type OtherAreasCalls<A extends ApiArea> = { [N in Exclude<ApiCallName, AreaCalls<A>>]?: never };
/**
 * Some of area `A`'s handlers: what one file of `src/server/api/<A>/` declares (`satisfies
 * AreaHandlers<'<A>'>`); a handler of another area's call fails `npm run typecheck` in that file.
 */
export type AreaHandlers<A extends ApiArea> = { [N in AreaCalls<A>]?: Handler<N> } & OtherAreasCalls<A>;
/**
 * Every call of manifest/api/<A>.yaml and nothing else: the table of `src/server/api/<A>/index.ts`.
 * A call of the area without its handler, or another area's handler, fails `npm run typecheck` there.
 */
export type AreaTable<A extends ApiArea> = { [N in AreaCalls<A>]: Handler<N> } & OtherAreasCalls<A>;
/** Every declared call's handler: the area tables joined (`src/server/api/handler-table.ts`). */
export type CompleteHandlerTable = { [N in ApiCallName]: Handler<N> };

/**
 * What a helper shared by several calls reads: path parameters `P` and query `Q` (e.g.
 * `RequestWith<{ id: string }>`); any of those calls' typed requests can be passed.
 */
export type RequestWith<P = unknown, Q = unknown> = FastifyRequest & { params: P; query: Q };

/** The same for helpers of `auth: session` calls only: their caller is there (the gate answered 401 otherwise). */
export type SignedInRequest<P = unknown, Q = unknown> = RequestWith<P, Q> & { caller: Caller };

/** A query as every call receives it: each name once, as text (http/request-guards.ts). */
export type TextQuery = Readonly<Record<string, string | undefined>>;
