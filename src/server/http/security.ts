import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { CSRF_COOKIE, setCsrfCookie } from './cookies';
import { fail } from './replies';

export const API_PREFIX = '/blogs/api';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The headers a helmet middleware sets, recorded once: they never vary by request. */
function recordHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => undefined,
  };
  middleware({} as never, response as never, () => undefined);
  return headers;
}

const SECURITY_HEADERS = recordHeaders(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // notistack injects its styles at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com', 'https://i.vimeocdn.com'],
        // Video players load only after the viewer presses play (src/shared/video-embed.ts).
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://fast.wistia.net'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // X-Frame-Options for browsers without CSP frame-ancestors; DENY agrees with frame-ancestors 'none'.
    frameguard: { action: 'deny' },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  }),
);

/** The security headers on a reply that no hook reached (a URL the router could not decode). */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  reply.header('Cache-Control', 'no-store');
}

/** The same headers as raw HTTP lines, for answers written to the socket before any request exists. */
export function securityHeaderLines(): string {
  return Object.entries({ ...SECURITY_HEADERS, 'Cache-Control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/**
 * Response headers (OWASP Secure Headers): a CSP without unsafe-inline or
 * unsafe-eval for scripts, frame-ancestors 'none', nosniff, a strict Referrer-Policy, HSTS only
 * behind TLS, and no-store on API responses. Plus the double-submit CSRF defence (ASVS V4.2.2) on
 * every cookie-authenticated state change. Helmet's headers are computed once at start and copied
 * onto each reply: the Fastify plugin rebuilt them (CSP parsing included) on every request.
 * One synchronous hook, as it runs on every request.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!request.url.startsWith(API_PREFIX)) return done();
    reply.header('Cache-Control', 'no-store');
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) setCsrfCookie(request, reply, randomBytes(24).toString('base64url'));
    if (!STATE_CHANGING.has(request.method)) return done();
    // The SAML Assertion Consumer Service alone is exempt: the IdP's page posts to it cross-site, so
    // no CSRF cookie or header can come with it. It is bound to the stored AuthnRequest ID
    // (InResponseTo) and a signed, single-use assertion instead (src/server/api/sso/saml-routes.ts).
    if (request.method === 'POST' && request.url.split('?')[0] === `${API_PREFIX}/sso/saml/acs`) return done();
    const header = request.headers['x-csrf-token'];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      // Answered from a callback hook: the reply is sent and done() is not called.
      fail(reply, 403, 'Invalid CSRF token');
      return;
    }
    done();
  });
}
