import type { FastifyReply } from 'fastify';
import { encodeEnvelope } from '../../shared/envelope';

/** SPEC §7 success: `{success, message, data}` with `data` envelope-encoded. */
export function ok(reply: FastifyReply, data?: unknown, message?: string) {
  return reply.code(200).send({ success: true, ...(message ? { message } : {}), ...(data === undefined ? {} : { data: encodeEnvelope(data) }) });
}

/** The error shape SPEC §8's toast reads: `errors`. */
export function fail(reply: FastifyReply, status: number, errors: string) {
  return reply.code(status).send({ success: false, errors });
}
