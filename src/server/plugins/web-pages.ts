import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context';
import { registerBlogPages } from '../domain/blog/blog-pages';
import { fail } from '../http/replies';
import { API_PREFIX } from '../http/security';
import { hasSignedInPage, signedInPage } from '../signed-in-pages';
import { prerenderedFile } from '../../shared/prerendered-pages';
import { readerLanguage } from '../reader-language';

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
      ? html.replace(
          /<html lang="([^"]+)">/,
          (_tag, lang: string) => `<html lang="${lang}" data-app-host="${appHost}" data-marketing-host="${marketingHost}">`,
        )
      : html;
  };
  const indexHtml = () => withHosts(readFileSync(indexFile, 'utf8'));
  /**
   * A public page pre-rendered at build time (src/web/build/prerender.ts), when there is one, in the
   * reader's language (reader-language.ts), else in English.
   */
  const prerendered = async (decoded: string, request: FastifyRequest): Promise<string | null> => {
    if (prerenderedFile(ctx.config.webDir, decoded, 'en') === null) return null;
    const language = await readerLanguage(ctx, request);
    for (const file of [prerenderedFile(ctx.config.webDir, decoded, language), prerenderedFile(ctx.config.webDir, decoded, 'en')])
      if (file && existsSync(file)) return withHosts(readFileSync(file, 'utf8'));
    return null;
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
      // The copy depends on the reader's language: their profile's (the cookie) or their browser's.
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie');
      return reply.send((decoded === null ? null : await prerendered(decoded, request)) ?? indexHtml());
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
