import type { NotNull } from 'kysely';
import type { AppContext } from '../../context';
import { renderBlogMarkdown } from './render-markdown';

/** Published posts, newest first (drafts are never public: SPEC §1 blog). */
export function publishedPosts(ctx: AppContext) {
  return (
    ctx.db
      .selectFrom('blog_posts')
      .select(['slug', 'title', 'summary', 'published_at'])
      .where('status', '=', 'published')
      // Publishing sets the time; the filter makes the declared reply's non-null time hold.
      .where('published_at', 'is not', null)
      .$narrowType<{ published_at: NotNull }>()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  );
}

/** One published post with its rendered, sanitised HTML, or undefined. */
export async function publishedPost(ctx: AppContext, slug: string) {
  const row = await ctx.db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'summary', 'body', 'published_at'])
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .$narrowType<{ published_at: NotNull }>()
    .executeTakeFirst();
  return row
    ? { slug: row.slug, title: row.title, summary: row.summary, published_at: row.published_at, html: renderBlogMarkdown(row.body) }
    : undefined;
}
