import type { NotNull } from 'kysely';
import type { AppContext } from '../../context';
import type { AssessmentLanguage } from '../../../shared/assessment/types';
import { inLanguage } from './blog-translations';
import { renderBlogMarkdown } from './render-markdown';

/** Published posts, newest first (drafts are never public: SPEC §1 blog), in the reader's language where translated. */
export async function publishedPosts(ctx: AppContext, language?: AssessmentLanguage) {
  const rows = await ctx.db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'summary', 'body', 'published_at'])
    .where('status', '=', 'published')
    // Publishing sets the time; the filter makes the declared reply's non-null time hold.
    .where('published_at', 'is not', null)
    .$narrowType<{ published_at: NotNull }>()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => {
    const { slug, title, summary, published_at } = inLanguage(row, language);
    return { slug, title, summary, published_at };
  });
}

/** One published post with its rendered, sanitised HTML, in the reader's language where translated, or undefined. */
export async function publishedPost(ctx: AppContext, slug: string, language?: AssessmentLanguage) {
  const row = await ctx.db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'summary', 'body', 'published_at'])
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .$narrowType<{ published_at: NotNull }>()
    .executeTakeFirst();
  if (!row) return undefined;
  const post = inLanguage(row, language);
  return {
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    published_at: post.published_at,
    html: renderBlogMarkdown(post.body),
  };
}
