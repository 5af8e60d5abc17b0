import { sql, type Transaction } from 'kysely';
import { audit } from '../../audit/audit';
import { fail, ok } from '../../http/replies';
import { videosGrid } from '../../../../generated/grids';
import { likePattern, parseDeclaredGridQuery } from '../../http/grid-query';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { AreaHandlers, RequestWith, SignedInRequest } from '../../http/handler-types';

interface VideoForm {
  title: string;
  url: string;
  category: string;
  description?: string;
}
const COLUMNS = ['id', 'title', 'url', 'category', 'description'] as const;
export const TUTORIAL_CATEGORY = 'Dashboard tutorials';

/** The library's videos, optionally narrowed by category and by words in the title or description. */
async function listVideos(ctx: AppContext, query: { q?: unknown; category?: unknown }) {
  let select = ctx.db.selectFrom('videos').select(COLUMNS).orderBy('category').orderBy('title').orderBy('id');
  if (typeof query.category === 'string' && query.category) select = select.where('category', '=', query.category);
  const words = typeof query.q === 'string' ? query.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8) : [];
  for (const word of words) {
    // Words are matched literally: LIKE's own wildcards in a search term mean themselves.
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where(sql<boolean>`lower(title || ' ' || description) LIKE ${pattern} ESCAPE '\\'`);
  }
  return select.execute();
}

/** The admin's videos matching the grid's title search and category (manifest/grids/videos.yaml). */
function adminVideosMatching(ctx: AppContext, q: { q: string; filters: Record<string, string> }) {
  let select = ctx.db.selectFrom('videos');
  if (q.filters.category) select = select.where('category', '=', q.filters.category);
  if (q.q) select = select.where((eb) => eb(eb.fn('lower', ['title']), 'like', likePattern(q.q)));
  return select;
}

/** A video as the audit log records it, under its row's lock for the transaction that changes it. */
function lockedVideo(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('videos').select(['title', 'url', 'category', 'description']).where('id', '=', id).forUpdate().executeTakeFirst();
}

const idOf = (request: RequestWith<{ id: string }>) => {
  const id = Number(request.params.id);
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};
const actor = (request: SignedInRequest) => ({ actorId: request.caller.userId, actorEmail: request.caller.email, address: request.ip });
const clean = (body: VideoForm) => ({
  title: body.title.trim(),
  url: body.url.trim(),
  category: body.category,
  description: (body.description ?? '').trim(),
});

/** SPEC §2 video library (/user/video_library) and its admin (/admin/videos, audited). */
export const videoHandlers = {
  async videos(ctx, request, reply) {
    return ok(reply, { videos: await listVideos(ctx, request.query) });
  },

  async help_tutorial_videos(ctx, _request, reply) {
    return ok(reply, { videos: await listVideos(ctx, { category: TUTORIAL_CATEGORY }) });
  },

  /** SPEC §2 /admin/videos: the library as a server-paged grid, sorted and searched only as declared. */
  async admin_videos_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, videosGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      adminVideosMatching(ctx, q)
        .select([...COLUMNS, 'updated_at'])
        .orderBy(q.sort, q.dir)
        .orderBy('id', q.dir)
        .limit(q.size)
        .offset(q.start)
        .execute(),
      adminVideosMatching(ctx, q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows, total: Number(total.count) });
  },

  async admin_video_create(ctx, request, reply) {
    const after = clean(request.payload);
    // Each change and its audit entry commit together or not at all (ASVS V7.3).
    const row = await ctx.db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('videos').values(after).returning('id').executeTakeFirstOrThrow();
      await audit(trx, { ...actor(request), action: 'video.created', target: `video:${created.id}`, details: { after } }, ctx.now());
      return created;
    });
    return ok(reply, { id: row.id }, 'The video has been added.');
  },

  async admin_video_update(ctx, request, reply) {
    const id = idOf(request);
    if (!id) return fail(reply, 404, 'Video not found.');
    const after = clean(request.payload);
    // "before" is read under the row's lock in the writing transaction, so edits arriving at once each
    // record the version they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await lockedVideo(trx, id);
      if (!before) return false;
      await trx
        .updateTable('videos')
        .set({ ...after, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await audit(trx, { ...actor(request), action: 'video.updated', target: `video:${id}`, details: { before, after } }, ctx.now());
      return true;
    });
    if (!saved) return fail(reply, 404, 'Video not found.');
    return ok(reply, { id }, 'The video has been saved.');
  },

  async admin_video_delete(ctx, request, reply) {
    const id = idOf(request);
    if (!id) return fail(reply, 404, 'Video not found.');
    // Read under the row's lock: a removal racing an edit records the version it removed.
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const before = await lockedVideo(trx, id);
      if (!before) return false;
      await trx.deleteFrom('videos').where('id', '=', id).execute();
      await audit(trx, { ...actor(request), action: 'video.deleted', target: `video:${id}`, details: { before, after: null } }, ctx.now());
      return true;
    });
    if (!removed) return fail(reply, 404, 'Video not found.');
    return ok(reply, { id }, 'The video has been removed.');
  },
} satisfies AreaHandlers<'content'>;
