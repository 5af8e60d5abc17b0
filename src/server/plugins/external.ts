import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { registerSecurity } from '../http/security';
import { registerUrlGuard } from '../http/framework-errors';

/**
 * First in the fixed order (docs/architecture.md "Server": external → app → routes): cookies, the
 * security headers and CSRF check, the NUL guard on every address, and the body parser.
 */
export async function registerExternal(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await registerSecurity(app);
  registerUrlGuard(app);
  // Anything that is not JSON still reaches validation and gets a 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.decorateRequest('caller', null);
  app.decorateRequest('payload', null);
}
