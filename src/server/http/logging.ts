import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The levels LOG_LEVEL accepts (pino's, plus `silent`). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where log lines go instead of standard output (tests read them back). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's own logger (pino): one JSON line per event on standard output, each request's lines
 * carrying its id (`reqId`). A request is logged by method and path only: query strings carry
 * single-use secrets (a password-reset token, an SSO code) and never reach the log; no header or
 * cookie is logged. Errors go through pino's `err` serializer (type, message, stack).
 */
export function loggerOptions(level: LogLevel, destination?: LogDestination) {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, path: request.url.split('?')[0] }),
    },
  };
}

/** A random id per request (not a counter, so ids from several servers never collide). */
export const requestIdOptions = { genReqId: () => randomUUID() } as const;

/** Every answer names its request id, so a person reporting an error can quote it and the operator find its log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
