import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { parse as parseYaml } from 'yaml';
import type { Database } from './schema';

const CONTENT = resolve(import.meta.dirname, '../../../content');

interface SeedVideo {
  title: string;
  url: string;
  category: string;
  description?: string;
}

/** A content/blog/<slug>.md file: YAML front matter (title, slug, summary, published) and Markdown. */
export function readBlogFile(text: string): { title: string; slug: string; summary: string; published: string; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('Blog file has no front matter');
  const meta = parseYaml(match[1]) as Record<string, unknown>;
  return {
    title: String(meta.title),
    slug: String(meta.slug),
    summary: String(meta.summary),
    published: String(meta.published),
    body: text.replace(/\r\n/g, '\n').slice(match[0].length).trim(),
  };
}

/** Runs `load` once per database for the named seed, so what admins later remove stays removed. */
async function once(db: Kysely<Database>, name: string, load: () => Promise<void>): Promise<void> {
  const done = await db.selectFrom('content_seeds').select('name').where('name', '=', name).executeTakeFirst();
  if (done) return;
  await load();
  await db
    .insertInto('content_seeds')
    .values({ name })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The video library and blog posts seeded from content/videos and content/blog (README "content"). */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  await once(db, 'videos', async () => {
    const { videos } = parseYaml(readFileSync(join(CONTENT, 'videos/videos.yaml'), 'utf8')) as { videos: SeedVideo[] };
    if (videos.length)
      await db
        .insertInto('videos')
        .values(videos.map((v) => ({ title: v.title, url: v.url, category: v.category, description: v.description ?? '' })))
        .execute();
  });
  await once(db, 'blog', async () => {
    const posts = readdirSync(join(CONTENT, 'blog'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => readBlogFile(readFileSync(join(CONTENT, 'blog', f), 'utf8')));
    if (posts.length) {
      await db
        .insertInto('blog_posts')
        .values(
          posts.map((p) => ({
            slug: p.slug,
            title: p.title,
            summary: p.summary,
            body: p.body,
            status: 'published' as const,
            published_at: new Date(`${p.published}T09:00:00Z`),
          })),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
  });
}
