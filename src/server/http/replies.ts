import type { FastifyReply } from 'fastify';
import { encodeEnvelope } from '../../shared/envelope';
import { englishOf, type CodedMessage } from '../../shared/server-messages';

/** SPEC §7 success: `{success, message, data}` with `data` envelope-encoded. */
export function ok(reply: FastifyReply, data?: unknown, message?: string) {
  return reply
    .code(200)
    .send({ success: true, ...(message ? { message } : {}), ...(data === undefined ? {} : { data: encodeEnvelope(data) }) });
}

/**
 * The error shape SPEC §8's toast reads: `errors`; with `fields` (form field → message, as a form
 * validation BadRequest sends) when the refusal concerns fields, so the form shows it beside them.
 */
export function fail(reply: FastifyReply, status: number, errors: string, fields?: Record<string, string>) {
  return reply.code(status).send({ success: false, errors, ...(fields ? { fields } : {}) });
}

/** A refusal a helper decided on (`{status, message}`), by its code when it has one. */
export function failWith(
  reply: FastifyReply,
  refusal: { readonly status: number; readonly message: string; readonly coded?: CodedMessage },
) {
  return refusal.coded ? failCoded(reply, refusal.status, refusal.coded) : fail(reply, refusal.status, refusal.message);
}

/**
 * A refusal with variable parts (src/shared/server-messages.ts): `errors` keeps the English sentence
 * API clients read; `code` and `params` let the web app word it in the reader's language (SPEC §2).
 */
export function failCoded(reply: FastifyReply, status: number, message: CodedMessage, extra: Readonly<Record<string, unknown>> = {}) {
  return reply.code(status).send({ success: false, errors: englishOf(message), code: message.code, params: message.params, ...extra });
}
