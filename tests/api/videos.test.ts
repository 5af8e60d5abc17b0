import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Video {
  id: number;
  title: string;
  url: string;
  category: string;
  description: string;
}

let server: TestServer;
let admin: Agent;
let employee: Agent;
let viewer: Agent;
let manager: Agent;
beforeAll(async () => {
  server = await startTestServer();
  [admin, employee, viewer, manager] = await Promise.all(
    [ACCOUNTS.admin, ACCOUNTS.employee, ACCOUNTS.videoViewer, ACCOUNTS.manager].map(async (email) => {
      const agent = new Agent(server.url);
      expect((await agent.login(email, PASSWORD)).status).toBe(200);
      return agent;
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

const list = async (agent: Agent, query = '') => ((await agent.get(`/videos${query}`)).data as { videos: Video[] }).videos;

describe('video library', () => {
  it('lists the seeded videos for employees and video viewers, and nobody else', async () => {
    const videos = await list(viewer);
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((v) => /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/.test(v.url))).toBe(true);
    expect(await list(employee)).toEqual(videos);
    expect((await manager.get('/videos')).status).toBe(403);
    expect((await new Agent(server.url).get('/videos')).status).toBe(401);
  });

  it('filters by category and by every word of a search, taking wildcards literally', async () => {
    const created = await admin.post('/admin/videos', {
      title: 'Wrist stretches for typists',
      url: 'https://youtu.be/abcdefghijk',
      category: 'Stretches and movement',
      description: 'Three gentle stretches at 100% comfort',
    });
    expect(created.status).toBe(200);
    expect((await list(viewer, '?category=Stretches%20and%20movement')).map((v) => v.title)).toEqual(['Wrist stretches for typists']);
    expect((await list(viewer, '?q=WRIST%20typists')).map((v) => v.title)).toEqual(['Wrist stretches for typists']);
    expect(await list(viewer, '?q=typists%20microscope')).toEqual([]);
    expect((await list(viewer, '?q=100%25')).map((v) => v.title)).toEqual(['Wrist stretches for typists']);
    expect((await list(viewer, '?q=_')).length).toBe(0);
    expect((await list(viewer, '?q=%25')).length).toBe(1);
  });
});

describe('video admin', () => {
  it('refuses a URL that is not a video on a video-hosting service, with the SPEC §5 message, and stores nothing', async () => {
    const before = (await list(admin)).length;
    for (const url of [
      'https://example.com/watch?v=abcdefghijk',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=short',
      'http://youtu.be/abcdefghijk',
    ]) {
      const answer = await admin.post('/admin/videos', { title: 'Bad', url, category: 'Eyes and screens' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toBe('Please enter a valid YouTube, Vimeo or Wistia video URL.');
    }
    expect(
      (await admin.post('/admin/videos', { title: '', url: 'https://vimeo.com/76979871', category: 'Eyes and screens' })).body.errors,
    ).toBe('Title field is required');
    expect((await admin.post('/admin/videos', { title: 'x', url: 'https://vimeo.com/76979871', category: 'Cooking' })).body.errors).toBe(
      'Category field is required',
    );
    expect((await list(admin)).length).toBe(before);
  });

  it('adds, edits and removes a video, each audited with before and after', async () => {
    const id = (
      (await admin.post('/admin/videos', { title: 'Blink breaks', url: 'https://vimeo.com/76979871', category: 'Eyes and screens' }))
        .data as { id: number }
    ).id;
    expect(
      (
        await admin.post(`/admin/videos/${id}`, {
          title: 'Blink and look away',
          url: 'https://vimeo.com/76979871',
          category: 'Eyes and screens',
          description: '20-20-20',
        })
      ).status,
    ).toBe(200);
    expect((await list(viewer)).find((v) => v.id === id)?.title).toBe('Blink and look away');
    expect((await admin.post(`/admin/videos/${id}/delete`)).status).toBe(200);
    expect((await list(viewer)).some((v) => v.id === id)).toBe(false);
    expect((await admin.post(`/admin/videos/${id}/delete`)).status).toBe(404);
    // A malformed id is refused before any look-up (src/server/http/request-guards.ts).
    expect((await admin.post('/admin/videos/abc', { title: 'x', url: 'https://vimeo.com/1', category: 'Lab work' })).status).toBe(400);
    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `video:${id}`)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['video.created', 'video.updated', 'video.deleted']);
    const updated = entries[1].details as { before: { title: string }; after: { title: string } };
    expect([updated.before.title, updated.after.title]).toEqual(['Blink breaks', 'Blink and look away']);
    expect((entries[2].details as { before: { title: string } }).before.title).toBe('Blink and look away');
  });

  it('answers 403 to employees and video viewers, and changes nothing', async () => {
    const before = await list(viewer);
    const target = before[0].id;
    for (const agent of [employee, viewer]) {
      expect((await agent.post('/admin/videos', { title: 'x', url: 'https://vimeo.com/76979871', category: 'Lab work' })).status).toBe(403);
      expect(
        (await agent.post(`/admin/videos/${target}`, { title: 'x', url: 'https://vimeo.com/76979871', category: 'Lab work' })).status,
      ).toBe(403);
      expect((await agent.post(`/admin/videos/${target}/delete`)).status).toBe(403);
    }
    expect(await list(viewer)).toEqual(before);
  });

  it('shows dashboard tutorials to help-centre readers', async () => {
    await admin.post('/admin/videos', { title: 'Reading your report', url: 'https://vimeo.com/76979871', category: 'Dashboard tutorials' });
    const tutorials = ((await manager.get('/help/tutorial-videos')).data as { videos: Video[] }).videos;
    expect(tutorials.map((v) => v.title)).toEqual(['Reading your report']);
    expect((await viewer.get('/help/tutorial-videos')).status).toBe(403);
  });
});

describe('admin videos grid (manifest/grids/videos.yaml)', () => {
  type Page = { rows: (Video & { updated_at: string })[]; total: number };
  const grid = async (query: string) => (await admin.get(`/admin/videos?${query}`)).data as Page;

  it('pages, sorts and searches titles on the server, filters by a declared category and refuses anything else', async () => {
    const all = await list(viewer);
    const first = await grid('size=2');
    expect(first.total).toBe(all.length);
    expect(first.rows).toHaveLength(2);
    // The database's own collation orders titles; the pages must agree with the whole list.
    const titles = (await grid('size=500&sort=title&dir=asc')).rows.map((r) => r.title);
    expect([...titles].sort()).toEqual(all.map((v) => v.title).sort());
    expect((await grid('start=1&size=1')).rows[0].title).toBe(titles[1]);
    expect((await grid('sort=title&dir=desc&size=1')).rows[0].title).toBe(titles.at(-1));
    const stretches = await grid('category=Stretches%20and%20movement');
    expect(stretches.rows.every((r) => r.category === 'Stretches and movement')).toBe(true);
    expect(stretches.total).toBe(all.filter((v) => v.category === 'Stretches and movement').length);
    const word = titles[0].split(' ')[0].toUpperCase();
    const found = await grid(`q=${encodeURIComponent(word)}`);
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.every((r) => r.title.toUpperCase().includes(word))).toBe(true);
    expect((await grid('q=%25%25%25')).total).toBe(all.filter((v) => v.title.includes('%%%')).length);
    for (const bad of ['sort=url', 'sort=description', 'category=Cooking', 'size=501', 'dir=up'])
      expect((await admin.get(`/admin/videos?${bad}`)).status).toBe(400);
    expect((await viewer.get('/admin/videos')).status).toBe(403);
    expect((await new Agent(server.url).get('/admin/videos')).status).toBe(401);
  });
});
