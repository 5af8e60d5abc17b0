import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './replies';
import { urlProblem } from './request-guards';
import { applySecurityHeaders, securityHeaderLines } from './security';

/**
 * Requests refused before any hook runs still answer in the API's error shape (SPEC §8 `errors`)
 * with the security headers (OWASP Secure Headers): the router's "URL cannot be decoded" and
 * "parameter too long", and the HTTP parser's own refusals (headers too large, a broken request line).
 */
export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    fail(reply, 414, 'The address is too long.');
    return;
  }
  fail(reply, 400, 'The address is not valid: it holds a broken percent-encoding.');
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Node's `clientError`: the request never became a request, so the answer is written to the socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : ([400, 'The request is not valid HTTP.'] as const);
  const body = JSON.stringify({ success: false, errors: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${securityHeaderLines()}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A NUL in any address (path or query, pages included) is refused before routing reads it. */
export function registerUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const problem = urlProblem(request.url);
    if (problem) {
      fail(reply, 400, problem);
      return;
    }
    done();
  });
}
