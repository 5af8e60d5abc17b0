import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { audit } from '../../audit/audit';
import { defaultTexts, isLanguage, isScope, type TextScope } from './text-catalogue';
import { fail, failCoded, ok } from '../../http/replies';
import { coded, englishOf } from '../../../shared/server-messages';
import type { AreaHandlers, RequestWith } from '../../http/handler-types';

interface Target {
  clientId: number;
  scope: TextScope;
  language: string;
}

/** The client, scope and language named by the path, or null (answered 404: nothing to edit there). */
function target(request: RequestWith<{ id: string; scope: string; language: string }>): Target | null {
  const { id, scope, language } = request.params;
  const clientId = Number(id);
  if (!Number.isInteger(clientId) || clientId < 1 || clientId >= 2 ** 31 || !isScope(scope) || !isLanguage(language)) return null;
  return { clientId, scope, language };
}

/**
 * A client's own wording per language (SPEC §2 client-editing sub-pages; table client_text_overrides):
 * each key of the scope with its English text and the client's override; saving an empty text removes
 * the override. Audited with before/after of the keys that changed.
 */
/** A client's own wording of one scope in one language (read in the caller's transaction when given one). */
function overridesOf(db: Kysely<Database>, t: Target) {
  return db
    .selectFrom('client_text_overrides')
    .select(['text_key', 'text'])
    .where('client_id', '=', t.clientId)
    .where('scope', '=', t.scope)
    .where('language', '=', t.language)
    .execute();
}

export const clientTextHandlers = {
  async admin_client_texts(ctx, request, reply) {
    const t = target(request);
    const client = t
      ? await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', '=', t.clientId).executeTakeFirst()
      : undefined;
    if (!t || !client) return fail(reply, 404, 'Client not found.');
    const rows = await overridesOf(ctx.db, t);
    const overrides = new Map(rows.map((r) => [r.text_key, r.text]));
    const entries = [...defaultTexts(t.scope)].map(([key, english]) => ({ key, english, text: overrides.get(key) ?? '' }));
    return ok(reply, { client, scope: t.scope, language: t.language, entries });
  },

  async admin_client_texts_save(ctx, request, reply) {
    const caller = request.caller;
    const t = target(request);
    const client = t ? await ctx.db.selectFrom('clients').select('id').where('id', '=', t.clientId).executeTakeFirst() : undefined;
    if (!t || !client) return fail(reply, 404, 'Client not found.');
    const { texts } = request.payload;
    const known = defaultTexts(t.scope);
    const unknown = Object.keys(texts).filter((key) => !known.has(key));
    if (unknown.length) return failCoded(reply, 400, coded('texts.unknown_key', { keys: unknown.slice(0, 5).join(', ') }));
    // A report fills {name} placeholders in: an override must keep every one its English text has.
    for (const [key, text] of Object.entries(texts)) {
      const missing = text.trim() ? [...known.get(key)!.matchAll(/\{(\w+)\}/g)].map((m) => m[0]).filter((p) => !text.includes(p)) : [];
      if (!missing.length) continue;
      // Named as the form's field `texts.<key>`, so the page shows it under that text's box (ManifestForm).
      const refusal = coded('texts.placeholder_missing', { key, missing: missing.join(', ') });
      return failCoded(reply, 400, refusal, { fields: { [`texts.${key}`]: englishOf(refusal) } });
    }
    // The client row's lock is taken first (an override may not exist yet), then "before" is read in the
    // writing transaction, so saves arriving at once each record the texts they replaced (ASVS V7.3).
    const changed = await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('clients').select('id').where('id', '=', t.clientId).forUpdate().executeTakeFirst();
      const rows = await overridesOf(trx, t);
      const before = Object.fromEntries(rows.map((r) => [r.text_key, r.text]));
      const changes = Object.entries(texts)
        .map(([key, text]) => [key, text.trim()] as const)
        .filter(([key, text]) => (before[key] ?? '') !== text);
      if (!changes.length) return 0;
      for (const [key, text] of changes) {
        if (!text) {
          await trx
            .deleteFrom('client_text_overrides')
            .where('client_id', '=', t.clientId)
            .where('scope', '=', t.scope)
            .where('language', '=', t.language)
            .where('text_key', '=', key)
            .execute();
          continue;
        }
        await trx
          .insertInto('client_text_overrides')
          .values({ client_id: t.clientId, scope: t.scope, language: t.language, text_key: key, text, updated_at: ctx.now() })
          .onConflict((oc) => oc.columns(['client_id', 'scope', 'language', 'text_key']).doUpdateSet({ text, updated_at: ctx.now() }))
          .execute();
      }
      // The change and its audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: t.clientId,
          action: 'client.texts.updated',
          target: `client:${t.clientId}:${t.scope}:${t.language}`,
          address: request.ip,
          details: {
            before: Object.fromEntries(changes.map(([key]) => [key, before[key] ?? null])),
            after: Object.fromEntries(changes.map(([key, text]) => [key, text || null])),
          },
        },
        ctx.now(),
      );
      return changes.length;
    });
    return ok(reply, { changed }, changed ? 'The texts have been saved.' : 'Nothing changed.');
  },

  /** The signed-in user's own client's texts for a page, in their language (tenant boundary: 404 otherwise). */
  async client_texts(ctx, request, reply) {
    const caller = request.caller;
    const { clientId: raw, scope } = request.params;
    if (Number(raw) !== caller.clientId || !isScope(scope)) return fail(reply, 404, 'Not found.');
    const user = await ctx.db.selectFrom('users').select('language').where('id', '=', caller.userId).executeTakeFirstOrThrow();
    const rows = await ctx.db
      .selectFrom('client_text_overrides')
      .select(['text_key', 'text'])
      .where('client_id', '=', caller.clientId)
      .where('scope', '=', scope)
      .where('language', '=', user.language)
      .execute();
    const texts = Object.fromEntries(defaultTexts(scope));
    for (const row of rows) if (row.text_key in texts) texts[row.text_key] = row.text;
    return ok(reply, { language: user.language, texts });
  },
} satisfies AreaHandlers<'clients'>;
