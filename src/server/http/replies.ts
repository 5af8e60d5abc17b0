import type { FastifyReply } from 'fastify';
import type { ApiCallName } from '../../../generated/api';
import type { ApiResponse } from '../../../generated/api-types';
import { encodeEnvelope } from '../../shared/envelope';
import { englishOf, type CodedMessage } from '../../shared/server-messages';

declare const replyCall: unique symbol;

/**
 * The reply of call `N`: Fastify's reply marked with the call it answers, so `ok` takes that call's
 * declared `response` (manifest/api/<area>.yaml) and nothing else. Only the gate
 * (plugins/api-routes.ts) makes one, when it hands the reply to `N`'s handler.
 */
export type ApiReply<N extends ApiCallName> = FastifyReply & { readonly [replyCall]: N };

/**
 * A value whose JSON text has type `T`: a Date where `T` has a plain string (JSON.stringify writes its
 * ISO 8601 text, which the schemas declare as `format: date-time`), read-only arrays and objects.
 */
export type JsonInput<T> = T extends string
  ? string extends T
    ? string | Date
    : T
  : T extends readonly (infer U)[]
    ? readonly JsonInput<U>[]
    : T extends object
      ? { readonly [K in keyof T]: JsonInput<T[K]> }
      : T;

/** What `ok` takes after the reply: the call's `data` (none when it declares `response: null`), then a message. */
type OkArguments<N extends ApiCallName> =
  null extends ApiResponse<N>
    ? ApiResponse<N> extends null
      ? [data?: undefined, message?: string]
      : [data: JsonInput<ApiResponse<N>>, message?: string]
    : [data: JsonInput<ApiResponse<N>>, message?: string];

/**
 * SPEC §7 success: `{success, message, data}` with `data` envelope-encoded; `data` typed by the call's
 * declared `response`, so a handler answering another shape fails `npm run typecheck` (the test
 * servers also check every reply against the schema at run time: http/reply-check.ts).
 */
export function ok<N extends ApiCallName>(reply: ApiReply<N>, ...[data, message]: OkArguments<N>) {
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
