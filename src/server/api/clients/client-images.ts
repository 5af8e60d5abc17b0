import { fail } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { holds } from '../../context';

/**
 * Serves a client's logo or banner with the type its bytes were sniffed as, nosniff, and a CSP that
 * gives an SVG opened on its own no scripts, no external loads and a sandbox (defence in depth: the
 * upload check already refused scripts). Visible to the client's users, to users who may switch to
 * it, and to client administrators; to anyone else it does not exist (404, SPEC tenant boundary).
 */
export const clientImageHandlers = {
  async client_image(ctx, request, reply) {
    const caller = request.caller;
    const { clientId: raw, kind } = request.params;
    const clientId = Number(raw);
    if (!Number.isInteger(clientId) || clientId < 1 || clientId >= 2 ** 31 || (kind !== 'logo' && kind !== 'banner'))
      return fail(reply, 404, 'Not found.');
    const allowed =
      clientId === caller.clientId ||
      holds(caller, 'clients-view') ||
      Boolean(
        await ctx.db
          .selectFrom('user_clients')
          .select('client_id')
          .where('user_id', '=', caller.userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst(),
      );
    const image = allowed
      ? await ctx.db
          .selectFrom('client_images')
          .select(['content_type', 'data_base64'])
          .where('client_id', '=', clientId)
          .where('kind', '=', kind)
          .executeTakeFirst()
      : undefined;
    if (!image) return fail(reply, 404, 'Not found.');
    return reply
      .type(image.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .send(Buffer.from(image.data_base64, 'base64'));
  },
} satisfies AreaHandlers<'clients'>;
