import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiCallName } from '../../../generated/api';
import type { AppContext } from '../context';

/** A handler for one SPEC §7 call; method, path, auth, permissions and body schema come from the manifest. */
export type Handler = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type HandlerTable = Partial<Record<ApiCallName, Handler>>;
