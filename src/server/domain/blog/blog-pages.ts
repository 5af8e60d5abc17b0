import type { FastifyInstance } from 'fastify';
import { productTitle, titlePrefix } from '../../../../generated/branding';
import type { AppContext } from '../../context';
import { publishedPost, publishedPosts } from './published-posts';
import { escapeHtml } from './render-markdown';
import { publicShell } from '../../../shared/static-shell';
import { interfaceTextsOf } from '../../../shared/interface-text-file';
import { formatDay } from '../../../shared/dates';
import { href, routesByName } from '../../../../generated/routes';

/** Used when the browser bundle is not built (API-only runs): the same page, without the app. */
const BARE = `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="" /><title>${productTitle}</title></head><body><div id="root"></div></body></html>`;

const dateOf = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');
/** The day as the blog's readers see it (the blog is in English; src/shared/dates.ts), its ISO form in `datetime`. */
const dayOf = (value: Date | string | null) => (value ? formatDay(value, 'en', { timeZone: 'UTC' }) : '');

/** A blog page: the blog is written in English only (dayOf), so its shell is the English one. */
function page(template: string, title: string, description: string, body: string, path: string): string {
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${titlePrefix} - ${title}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('<div id="root"></div>', `<div id="root">${publicShell(body, path, interfaceTextsOf('en'))}</div>`);
}

/**
 * The public blog as server-rendered HTML (SPEC §2 /blogs/en/blog, /en/blog/<slug>): each page has
 * its own title, meta description and content, so it reads without JavaScript and ranks; the app
 * then renders over it. Drafts and unknown addresses answer 404 with the app's not-found page.
 */
export function registerBlogPages(app: FastifyInstance, ctx: AppContext, template: () => string | null): void {
  const html = () => template() ?? BARE;
  const list = async () => {
    const posts = await publishedPosts(ctx);
    const items = posts.map(
      (p) =>
        `<li class="blog-card"><h2><a href="/en/blog/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a></h2><p class="muted"><time datetime="${dateOf(p.published_at)}">${dayOf(p.published_at)}</time></p><p>${escapeHtml(p.summary)}</p></li>`,
    );
    const body = `<section class="content-page blog-list"><h1>Blog</h1><p class="lead">Practical ergonomics from our ergonomists: set-ups, habits and research in plain words.</p>${items.length ? `<ul class="blog-cards">${items.join('')}</ul>` : '<p>No posts yet. Please come back soon.</p>'}</section>`;
    return page(
      html(),
      'Blog',
      'Practical ergonomics articles from our ergonomists: workstation set-up, healthy habits, meetings, noise and returning to the office.',
      body,
      href('blog'),
    );
  };
  for (const path of [routesByName.blog.path, ...routesByName.blog.aliases]) {
    app.get(path, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(await list()),
    );
  }
  for (const path of [routesByName.blog_post.path, ...routesByName.blog_post.aliases]) {
    app.get<{ Params: { slug: string } }>(path, async (request, reply) => {
      const post = await publishedPost(ctx, request.params.slug);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      if (!post) return reply.code(404).send(html());
      const body = `<article class="content-page blog-post"><h1>${escapeHtml(post.title)}</h1><p class="muted"><time datetime="${dateOf(post.published_at)}">${dayOf(post.published_at)}</time></p><p class="lead">${escapeHtml(post.summary)}</p><div class="content-body">${post.html}</div><p><a href="/blogs/en/blog">All posts</a></p></article>`;
      return reply.send(page(html(), post.title, post.summary, body, ''));
    });
  }
}
