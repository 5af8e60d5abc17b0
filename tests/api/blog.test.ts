import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Summary {
  slug: string;
  title: string;
  summary: string;
}
const REDIRECT_SLUGS = [
  'too-many-meetings',
  'when-noise-takes-you-off-your-game',
  'ergo-essentials-for-now-and-the-future',
  'returning-to-the-office-are-you-ergo-prepared',
];

let server: TestServer;
let admin: Agent;
let visitor: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  visitor = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const publicSlugs = async () => ((await visitor.get('/blog/posts')).data as { posts: Summary[] }).posts.map((p) => p.slug);
const htmlOf = async (path: string) => {
  const r = await fetch(`${server.url}${path}`);
  return { status: r.status, text: await r.text() };
};

describe('public blog', () => {
  it('publishes the four seeded posts that the SPEC §2 redirects point at, readable without JavaScript', async () => {
    expect((await publicSlugs()).sort()).toEqual([...REDIRECT_SLUGS].sort());
    for (const slug of REDIRECT_SLUGS) {
      const post = (await visitor.get(`/blog/posts/${slug}`)).data as { post: { title: string; html: string } };
      expect(post.post.html.length).toBeGreaterThan(1500);
      const page = await htmlOf(`/en/blog/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>${post.post.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</h1>`);
      expect(page.text).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
      expect(page.text).toMatch(/<title>ErgoPortal - [^<]+<\/title>/);
    }
    const list = await htmlOf('/blogs/en/blog');
    expect(list.status).toBe(200);
    for (const slug of REDIRECT_SLUGS) expect(list.text).toContain(`href="/en/blog/${slug}"`);
    expect((await htmlOf(`/blogs/en/blog/${REDIRECT_SLUGS[0]}`)).status).toBe(200);
  });

  it("reads each post in the reader's language where it is translated, in English otherwise, and refuses an unknown language", async () => {
    const inGerman = ((await visitor.get('/blog/posts?lang=de')).data as { posts: Summary[] }).posts;
    const inEnglish = ((await visitor.get('/blog/posts?lang=en')).data as { posts: Summary[] }).posts;
    expect(inGerman.map((p) => p.slug)).toEqual(inEnglish.map((p) => p.slug));
    for (const [i, post] of inGerman.entries()) expect(post.title, post.slug).not.toBe(inEnglish[i].title);
    const post = (await visitor.get(`/blog/posts/too-many-meetings?lang=ja`)).data as { post: { title: string; html: string } };
    expect(post.post.html).toMatch(/[\u3040-\u30ff]/);
    // Headings without Latin letters or digits get no anchor rather than an empty id.
    const noise = (await visitor.get('/blog/posts/when-noise-takes-you-off-your-game?lang=ko')).data as { post: { html: string } };
    expect(noise.post.html).toMatch(/<h2>[\uac00-\ud7af]/);
    expect(noise.post.html).not.toContain('id=""');
    expect((await visitor.get('/blog/posts?lang=xx')).status).toBe(400);
    expect((await visitor.get('/blog/posts/too-many-meetings?lang=klingon')).status).toBe(400);
  });

  it('answers in English once an admin has changed the English the translation was written from', async () => {
    const row = await server.ctx.db
      .selectFrom('blog_posts')
      .select(['id', 'title'])
      .where('slug', '=', REDIRECT_SLUGS[1])
      .executeTakeFirstOrThrow();
    const german = async () =>
      ((await visitor.get(`/blog/posts/${REDIRECT_SLUGS[1]}?lang=de`)).data as { post: { title: string } }).post.title;
    expect(await german()).not.toBe(row.title);
    await server.ctx.db
      .updateTable('blog_posts')
      .set({ title: `${row.title} (updated)` })
      .where('id', '=', row.id)
      .execute();
    try {
      expect(await german()).toBe(`${row.title} (updated)`);
    } finally {
      await server.ctx.db.updateTable('blog_posts').set({ title: row.title }).where('id', '=', row.id).execute();
    }
    expect(await german()).not.toBe(row.title);
  });

  it('answers 404 for unknown posts', async () => {
    expect((await visitor.get('/blog/posts/no-such-post')).status).toBe(404);
    expect((await htmlOf('/en/blog/no-such-post')).status).toBe(404);
  });
});

describe('blog admin', () => {
  const draft = {
    title: 'Standing desks: how long to stand',
    slug: 'standing-desks',
    summary: 'Alternate, do not stand all day.',
    body: 'Stand for **part** of the day.',
    status: 'draft',
  };

  it('keeps drafts off every public surface until they are published, audited', async () => {
    const id = ((await admin.post('/admin/blog/posts', draft)).data as { id: number }).id;
    expect(await publicSlugs()).not.toContain('standing-desks');
    expect((await visitor.get('/blog/posts/standing-desks')).status).toBe(404);
    expect((await htmlOf('/en/blog/standing-desks')).status).toBe(404);
    expect((await htmlOf('/blogs/en/blog')).text).not.toContain('standing-desks');
    // The admin grid (admin_blog_posts_list) lists drafts too, found by their title.
    const admins = (
      (await admin.get('/admin/blog/rows?q=Standing%20desks')).data as { rows: { slug: string; status: string; published: boolean }[] }
    ).rows;
    expect(admins.find((p) => p.slug === 'standing-desks')).toMatchObject({ status: 'draft', published: false });

    expect((await admin.post(`/admin/blog/posts/${id}`, { ...draft, status: 'published' })).body.message).toBe(
      'The post has been published.',
    );
    expect(await publicSlugs()).toContain('standing-desks');
    expect((await htmlOf('/en/blog/standing-desks')).text).toContain('<strong>part</strong>');
    expect((await admin.post(`/admin/blog/posts/${id}`, { ...draft, status: 'draft' })).status).toBe(200);
    expect((await visitor.get('/blog/posts/standing-desks')).status).toBe(404);

    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `blog_post:${id}`)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['blog_post.created', 'blog_post.updated', 'blog_post.updated']);
    const published = entries[1].details as { before: { status: string }; after: { status: string } };
    expect([published.before.status, published.after.status]).toEqual(['draft', 'published']);
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const count = async () =>
      (
        await server.ctx.db
          .selectFrom('blog_posts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    expect((await admin.post('/admin/blog/posts', { ...draft, slug: 'too-many-meetings' })).body.errors).toBe(
      'A post with this address already exists.',
    );
    expect((await admin.post('/admin/blog/posts', { ...draft, slug: 'Bad Slug/../x' })).body.errors).toBe(
      'Use lower-case letters, digits and single hyphens, for example too-many-meetings',
    );
    expect((await admin.post('/admin/blog/posts', { ...draft, title: '' })).body.errors).toBe('Title field is required');
    expect((await admin.post('/admin/blog/posts', { ...draft, status: 'live' })).body.errors).toBe('Status field is required');
    expect((await admin.post('/admin/blog/posts/999999', { ...draft, slug: 'another' })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('previews sanitised Markdown: no script, no event handler, no javascript: URL', async () => {
    const body = [
      '# Heading',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '[encoded](&#106;avascript:alert(4))',
      '[spaced]( JaVaScRiPt:alert(5))',
      '![pic](data:image/svg+xml,<svg onload=alert(6)>)',
      '<a href="javascript:alert(7)" onclick="alert(8)">raw</a>',
      '[safe](https://example.com/a?b=1) and [local](/self-assessments)',
      ':::checklist',
      '- one <b onmouseover=alert(9)>two</b>',
      ':::',
    ].join('\n\n');
    const { html } = (await admin.post('/admin/blog/preview', { body })).data as { html: string };
    const dom = html.replace(/&lt;[\s\S]*?&gt;/g, ''); // escaped markup is text, not tags
    expect(dom).not.toMatch(/<script|<img|<svg|\son\w+=|javascript:|(href|src)="\s*data:/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="(?!https:\/\/example\.com|\/self-assessments)/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener nofollow" target="_blank">safe</a>');
    expect(html).toContain('<a href="/self-assessments">local</a>');
    expect(html).toContain('<section class="content-block block-checklist">');
    expect(html).toContain('<h2 id="heading">Heading</h2>');
  });

  it('needs the blog admin permission', async () => {
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    expect((await employee.get('/admin/blog/rows')).status).toBe(403);
    expect((await employee.post('/admin/blog/posts', { ...draft, slug: 'sneaky' })).status).toBe(403);
    expect((await employee.post('/admin/blog/preview', { body: 'x' })).status).toBe(403);
    expect((await visitor.get('/admin/blog/rows')).status).toBe(401);
  });
});
