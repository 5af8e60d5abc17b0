import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { apiCalls } from '../../generated/api';
import { audit } from './audit/audit';
import { authenticate } from './auth/authenticate';
import type { AppContext } from './context';
import { BadRequest, decodeBody } from './http/body';
import { fail } from './http/replies';
import { API_PREFIX, registerSecurity } from './http/security';
import { accountHandlers } from './routes/account-routes';
import { clientHandlers } from './routes/client-routes';
import { miscHandlers } from './routes/misc-routes';
import { profileHandlers } from './routes/profile-routes';
import { adminUserHandlers } from './routes/admin-users';
import { contactHandlers } from './routes/contact-routes';
import { adminAuditHandlers } from './routes/admin-audit';
import { adminRoleHandlers } from './routes/admin-roles';
import { adminEmailTemplateHandlers } from './routes/admin-email-templates';
import { sessionHandlers } from './routes/session-routes';
import { adminClientHandlers } from './routes/admin-clients';
import { clientImageHandlers } from './routes/client-images';
import { clientTextHandlers } from './routes/client-texts';
import { evaluationRequestHandlers } from './routes/evaluation-requests';
import { adminUserGroupHandlers } from './routes/admin-user-groups';
import { adminPermissionHandlers } from './routes/admin-permissions';
import { adminUserImportHandlers } from './routes/admin-user-import';
import { adminNotificationHandlers } from './routes/admin-notifications';
import { startOutboxWorker } from './mail/outbox-worker';
import { videoHandlers } from './routes/video-routes';
import { blogHandlers } from './routes/blog-routes';
import { registerBlogPages } from './blog/blog-pages';
import type { HandlerTable } from './routes/types';
import { hasSignedInPage, signedInPage } from './signed-in-pages';
import { adminSsoHandlers } from './sso/admin-sso';
import { samlHandlers } from './sso/saml-routes';
import { ssoHandlers } from './sso/sso-routes';
import { assessmentAttemptHandlers } from './assessments/attempt-handlers';
import { assessmentReportHandlers } from './assessments/report-handlers';
import { questionnaireSource } from './assessments/engine';
import { surveyReportHandlers } from './assessments/survey-handlers';


const handlers: HandlerTable = {
  ...sessionHandlers, ...accountHandlers, ...clientHandlers, ...miscHandlers, ...profileHandlers,
  ...adminUserHandlers, ...contactHandlers, ...adminAuditHandlers, ...adminRoleHandlers,
  ...adminEmailTemplateHandlers, ...ssoHandlers, ...adminSsoHandlers, ...adminClientHandlers,
  ...clientImageHandlers, ...clientTextHandlers, ...evaluationRequestHandlers, ...adminUserGroupHandlers,
  ...adminPermissionHandlers, ...adminUserImportHandlers, ...adminNotificationHandlers,
  ...assessmentAttemptHandlers, ...assessmentReportHandlers, ...surveyReportHandlers, ...videoHandlers,
  ...blogHandlers, ...samlHandlers,
};
export const FORBIDDEN = 'You do not have permission to perform this action.';
export const UNAUTHENTICATED = 'Unauthenticated.';

/**
 * The Fastify application (ARCHITECTURE.md "Server"): plugins in a fixed order (external → app →
 * routes), every SPEC §7 call registered from the manifest's table with its auth, permissions and
 * body schema, and the built SPA with history fallback.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // The questionnaires are read and checked once at start; broken content stops the server with every problem listed.
  await questionnaireSource();
  const app = Fastify({ logger: false, trustProxy: ctx.config.trustProxy, bodyLimit: 1024 * 1024 });
  await app.register(cookie);
  await registerSecurity(app);
  // Anything that is not JSON still reaches validation and gets a 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.decorateRequest('caller', null);
  app.decorateRequest('payload', null);
  // Queued mail is delivered by a stateless worker (src/server/mail/outbox-worker.ts).
  const outbox = startOutboxWorker(ctx);
  app.addHook('onClose', async () => { await outbox.stop(); });

  for (const call of apiCalls) {
    const handler = handlers[call.name];
    if (!handler) throw new Error(`No handler for API call ${call.name}`);
    app.route({
      method: call.method,
      url: `${API_PREFIX}${call.path}`,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      handler: async (request, reply) => {
        request.caller = await authenticate(ctx, request);
        if (call.auth === 'session' && !request.caller) return fail(reply, 401, UNAUTHENTICATED);
        if (call.permissions.length > 0 && !call.permissions.some((p) => request.caller!.permissions.includes(p))) {
          await audit(ctx.db, { actorId: request.caller!.userId, actorEmail: request.caller!.email, clientId: request.caller!.clientId, action: 'permission.denied', target: call.name, address: request.ip }, ctx.now());
          return fail(reply, 403, FORBIDDEN);
        }
        if (call.body) request.payload = decodeBody(request.body, call.body, call.form ?? null);
        return handler(ctx, request, reply);
      },
    });
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof BadRequest) return reply.code(400).send({ success: false, errors: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    // Client mistakes keep a plain message; server faults never leak details.
    return fail(reply, status === 415 ? 400 : status, status === 500 ? 'Something went wrong. Please try again.' : 'The request is not valid.');
  });

  const indexFile = join(ctx.config.webDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  // Scripts and styles go out as the Brotli or gzip copies written at build time (compress-plugin.ts).
  if (hasWeb) await app.register(fastifyStatic, { root: ctx.config.webDir, index: false, wildcard: false, serveDotFiles: false, preCompressed: true });
  /** The data attributes the browser's host forwarding reads (SPEC §2), on every page sent. */
  const withHosts = (html: string) => {
    const { appHost, marketingHost } = ctx.config;
    return appHost && marketingHost ? html.replace('<html lang="en">', `<html lang="en" data-app-host="${appHost}" data-marketing-host="${marketingHost}">`) : html;
  };
  const indexHtml = () => withHosts(readFileSync(indexFile, 'utf8'));
  /** A public page pre-rendered at build time (src/web/build/prerender.ts), when there is one. */
  const prerendered = (decoded: string): string | null => {
    // Dot folders (build metadata, the signed-in pages) are never read for a path.
    if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
    const file = decoded === '/' ? join(ctx.config.webDir, 'index-home.html') : join(ctx.config.webDir, normalize(decoded), 'index.html');
    // Stay inside the web folder whatever the path says.
    if (!file.startsWith(`${ctx.config.webDir}/`) || !existsSync(file)) return null;
    return withHosts(readFileSync(file, 'utf8'));
  };
  registerBlogPages(app, ctx, () => (hasWeb ? indexHtml() : null));
  const WEB_FILE = /\.(?:html?|m?js|css|map|json|txt|xml|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|pdf|gz|br|zip|csv)$/i;
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) return fail(reply, 404, 'Not found.');
    const path = request.url.split('?')[0];
    // Only a web file's extension makes a path a missing file: /user/my-reports/ann@client.example is a page.
    if (request.method === 'GET' && hasWeb && !WEB_FILE.test(path)) {
      let decoded: string | null;
      try { decoded = decodeURIComponent(path); } catch { decoded = null; }
      reply.type('text/html; charset=utf-8');
      // A guidance page in the signed-in layout, for a caller allowed to open it: the answer depends on the cookie.
      if (decoded !== null && hasSignedInPage(decoded)) {
        reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
        const page = await signedInPage(ctx, request, decoded);
        return reply.send(page === null ? indexHtml() : withHosts(page));
      }
      return reply.header('Cache-Control', 'no-cache').send((decoded === null ? null : prerendered(decoded)) ?? indexHtml());
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
  return app;
}
