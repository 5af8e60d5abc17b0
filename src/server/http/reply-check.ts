import type { FastifyInstance } from 'fastify';
import { apiCalls } from '../../../generated/api';
import { apiReplies } from '../../../generated/api-replies';
import { decodeReplyData } from '../../shared/envelope';
import type { ApiReplyDeclaration } from '../../shared/model';
import { API_PREFIX } from './security';
import { schemaValidators } from './schema-validators';

/**
 * The test servers' check that every answer of a SPEC §7 call is what manifest/api/*.yaml declares
 * (generated/api-replies.ts): a JSON success carries `data` matching `response`, a download or
 * redirect has a declared `produces` media type, and an error is the error envelope with a status
 * the call lists (401 and 403, the gate's refusals, always pass). Calls that declare nothing are
 * not checked. Only tests turn it on (tests/helpers/test-server.ts); a mismatch becomes a 500
 * naming the call, so the test that provoked it fails.
 */
const validatorOf = schemaValidators({ allErrors: true });

/** "text/csv; charset=utf-8" is text/csv; "image/*" covers every image type. */
function mediaTypeMatches(declared: string, contentType: string): boolean {
  const actual = contentType.split(';')[0].trim().toLowerCase();
  return declared.endsWith('/*') ? actual.startsWith(declared.slice(0, -1)) : actual === declared;
}

function parseJson(payload: unknown): Record<string, unknown> | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface ReplyFacts {
  readonly status: number;
  readonly contentType: string;
  readonly location: string | null;
  readonly payload: unknown;
}

/** Why one answer breaks its call's declaration, or null (also for calls that declare nothing). */
export function replyProblem(declared: ApiReplyDeclaration | undefined, reply: ReplyFacts): string | null {
  if (!declared || reply.status >= 500) return null;
  const json = reply.contentType.startsWith('application/json');
  if (reply.status >= 400) {
    const allowed = declared.errors ? [...declared.errors, 401, 403] : null;
    if (allowed && !allowed.includes(reply.status as never))
      return `status ${reply.status} is not among the declared errors (${declared.errors!.join(', ')})`;
    const body = json ? parseJson(reply.payload) : null;
    if (!body || body.success !== false || typeof body.errors !== 'string')
      return 'an error must be the JSON envelope {success: false, errors, fields?}';
    return null;
  }
  if (declared.produces) {
    if (reply.status >= 300)
      return declared.produces.includes('redirect') && reply.location ? null : `a ${reply.status} redirect is not declared (produces)`;
    if (declared.produces.some((type) => type !== 'redirect' && mediaTypeMatches(type, reply.contentType))) return null;
    return `content type "${reply.contentType}" is not declared (produces: ${declared.produces.join(', ')})`;
  }
  if (!declared.response) return null;
  if (reply.status !== 200 || !json) return `a JSON success (200) is declared, but the answer is ${reply.status} "${reply.contentType}"`;
  const body = parseJson(reply.payload);
  if (!body || body.success !== true) return 'the success envelope {success: true, message, data} is missing';
  const data = decodeReplyData(body.data);
  const validate = validatorOf(declared.response);
  if (validate(data)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `data${e.instancePath} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`);
  return `the reply does not match its declared response: ${errors.join('; ')}`;
}

/**
 * Installs the check as an onSend hook; `report` hears every mismatch (the test server fails the
 * file with them) before the answer is replaced by a 500 naming the call.
 */
export function registerReplyCheck(app: FastifyInstance, report: (problem: string) => void): void {
  const byRoute = new Map(apiCalls.map((c) => [`${c.method} ${API_PREFIX}${c.path}`, c.name]));
  app.addHook('onSend', async (request, reply, payload) => {
    const name = byRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!name) return payload;
    const location = reply.getHeader('location');
    const problem = replyProblem(apiReplies[name], {
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      location: typeof location === 'string' ? location : null,
      payload,
    });
    if (!problem) return payload;
    const message = `Reply check: ${request.method} ${request.url} (call ${name}) answered ${reply.statusCode}: ${problem}`;
    report(message);
    reply.code(500).type('application/json; charset=utf-8').removeHeader('location').removeHeader('content-disposition');
    return JSON.stringify({ success: false, errors: message });
  });
}
