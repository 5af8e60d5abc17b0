import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context';
import { registerBlogPages } from '../domain/blog/blog-pages';
import { fail } from '../http/replies';
import { API_PREFIX } from '../http/security';
import { hasSignedInPage, signedInPage } from '../signed-in-pages';

const WEB_FILE = /\.(?:html?|m?js|css|map|json|txt|xml|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|pdf|gz|br|zip|csv)$/i;

/**
 * Last in the fixed order: the built SPA with history fallback (a pre-rendered public page when
 * there is one, a pre-rendered guidance page to a caller allowed to open it), the blog's pages, and
 * the API's 404 shape.
 */
export async function registerWebPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const indexFile = join(ctx.config.webDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  // Scripts and styles go out as the Brotli or gzip copies written at build time (compress-plugin.ts).
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: ctx.config.webDir,
      index: false,
      wildcard: false,
      serveDotFiles: false,
      preCompressed: true,
    });
  /** The data attributes the browser's host forwarding reads (SPEC §2), on every page sent. */
  const withHosts = (html: string) => {
    const { appHost, marketingHost } = ctx.config;
    return appHost && marketingHost
      ? html.replace('<html lang="en">', `<html lang="en" data-app-host="${appHost}" data-marketing-host="${marketingHost}">`)
      : html;
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
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) return fail(reply, 404, 'Not found.');
    const path = request.url.split('?')[0];
    // Only a web file's extension makes a path a missing file: /user/my-reports/ann@client.example is a page.
    if (request.method === 'GET' && hasWeb && !WEB_FILE.test(path)) {
      let decoded: string | null;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        decoded = null;
      }
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
}
