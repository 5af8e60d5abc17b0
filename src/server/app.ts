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
import { databaseRefusal } from './http/database-errors';
import { API_PREFIX, registerSecurity } from './http/security';
import { clientErrorHandler, frameworkErrors, registerUrlGuard } from './http/framework-errors';
import { paramsProblem, queryProblem } from './http/request-guards';
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
import { adminAssessmentSettingsHandlers } from './routes/admin-assessment-settings';
import { clientImageHandlers } from './routes/client-images';
import { clientTextHandlers } from './routes/client-texts';
import { evaluationServiceHandlers } from './evaluations';
import { dashboardHandlers } from './dashboards';
import { adminUserGroupHandlers } from './routes/admin-user-groups';
import { adminPermissionHandlers } from './routes/admin-permissions';
import { adminUserImportHandlers } from './routes/admin-user-import';
import { adminNotificationHandlers } from './routes/admin-notifications';
import { startOutboxWorker } from './mail/outbox-worker';
import { startJobRunner } from './jobs/job-runner';
import { reassessmentReminderJob } from './assessments/reassessment-reminder';
import { videoHandlers } from './routes/video-routes';
import { blogHandlers } from './routes/blog-routes';
import { registerBlogPages } from './blog/blog-pages';
import type { HandlerTable } from './routes/types';
import { SUPER_ADMIN } from './roles/role-names';
import { hasSignedInPage, signedInPage } from './signed-in-pages';
import { adminSsoHandlers } from './sso/admin-sso';
import { samlHandlers } from './sso/saml-routes';
import { ssoHandlers } from './sso/sso-routes';
import { assessmentAttemptHandlers } from './assessments/attempt-handlers';
import { assessmentReportHandlers } from './assessments/report-handlers';
import { questionnaireSource } from './assessments/engine';
import { surveyReportHandlers } from './assessments/survey-handlers';
import { registerCallTimings } from './superadmin/call-timings';
import { superadminHealthHandlers } from './superadmin/health-handler';


const handlers: HandlerTable = {
  ...sessionHandlers, ...accountHandlers, ...clientHandlers, ...miscHandlers, ...profileHandlers,
  ...adminUserHandlers, ...contactHandlers, ...adminAuditHandlers, ...adminRoleHandlers,
  ...adminEmailTemplateHandlers, ...ssoHandlers, ...adminSsoHandlers, ...adminClientHandlers, ...adminAssessmentSettingsHandlers,
  ...clientImageHandlers, ...clientTextHandlers, ...evaluationServiceHandlers, ...adminUserGroupHandlers,
  ...adminPermissionHandlers, ...adminUserImportHandlers, ...adminNotificationHandlers,
  ...assessmentAttemptHandlers, ...assessmentReportHandlers, ...surveyReportHandlers, ...videoHandlers,
  ...blogHandlers, ...samlHandlers, ...superadminHealthHandlers,
  ...dashboardHandlers,
};
export const FORBIDDEN = 'You do not have permission to perform this action.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const SUPER_ADMIN_ONLY = 'Only a Super_admin may use the roles and permissions pages.';

/**
 * The Fastify application (ARCHITECTURE.md "Server"): plugins in a fixed order (external → app →
 * routes), every SPEC §7 call registered from the manifest's table with its auth, permissions and
 * body schema, and the built SPA with history fallback.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // The questionnaires are read and checked once at start; broken content stops the server with every problem listed.
  await questionnaireSource();
  // Requests the router or the HTTP parser refuses get the API's error shape and headers too.
  const app = Fastify({ logger: false, trustProxy: ctx.config.trustProxy, bodyLimit: 1024 * 1024, frameworkErrors, clientErrorHandler });
  await app.register(cookie);
  await registerSecurity(app);
  registerUrlGuard(app);
  // Anything that is not JSON still reaches validation and gets a 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.decorateRequest('caller', null);
  app.decorateRequest('payload', null);
  // Queued mail is delivered by a stateless worker (src/server/mail/outbox-worker.ts).
  const outbox = startOutboxWorker(ctx);
  app.addHook('onClose', async () => { await outbox.stop(); });
  // Scheduled work (src/server/jobs/): each kind of job with its handler.
  const jobs = startJobRunner(ctx, [reassessmentReminderJob]);
  app.addHook('onClose', async () => { await jobs.stop(); });
  // Each call's duration, for the super admin dashboard's slowest calls (this process only).
  registerCallTimings(app, ctx);

  for (const call of apiCalls) {
    const handler = handlers[call.name];
    if (!handler) throw new Error(`No handler for API call ${call.name}`);
    app.route({
      method: call.method,
      url: `${API_PREFIX}${call.path}`,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Address checks come first: a malformed id or query is the same 400 for everyone.
        const problem = paramsProblem(request.params as Record<string, string>) ?? queryProblem(request.query as Record<string, unknown>);
        if (problem) return fail(reply, 400, problem);
        request.caller = await authenticate(ctx, request);
        if (call.auth === 'session' && !request.caller) return fail(reply, 401, UNAUTHENTICATED);
        // The call's permissions (any of), then SPEC §6's Super_admin-only calls (`access: superadmin`):
        // decided here from the manifest, before the body is read or the handler runs.
        const lacksPermission = call.permissions.length > 0 && !call.permissions.some((p) => request.caller!.permissions.includes(p));
        const notSuperAdmin = call.access === 'superadmin' && request.caller?.roleName !== SUPER_ADMIN;
        if (lacksPermission || notSuperAdmin) {
          await audit(ctx.db, { actorId: request.caller?.userId ?? null, actorEmail: request.caller?.email ?? null, clientId: request.caller?.clientId ?? null, action: 'permission.denied', target: call.name, address: request.ip,
            ...(notSuperAdmin && !lacksPermission ? { details: { reason: 'super-admin-only' } } : {}) }, ctx.now());
          return fail(reply, 403, notSuperAdmin && !lacksPermission ? SUPER_ADMIN_ONLY : FORBIDDEN);
        }
        if (call.body) request.payload = decodeBody(request.body, call.body, call.form ?? null);
        return handler(ctx, request, reply);
      },
    });
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof BadRequest) return reply.code(400).send({ success: false, errors: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    const refusal = databaseRefusal(error);
    if (refusal) return fail(reply, refusal.status, refusal.message);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    // Client mistakes keep a plain message; server faults never leak details.
    if (status === 413) return fail(reply, 413, 'The request is too large: files may be at most a few megabytes (see the field\'s limit).');
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
