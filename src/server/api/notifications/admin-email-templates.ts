import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { emailTemplatesGrid } from '../../../../generated/grids';
import { likePattern, parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { renderTemplate, templateVariables } from '../../mail/templates';
import { isBuiltInTemplate } from '../../../shared/mail/built-in-templates';
import type { AreaHandlers } from '../../http/handler-types';
import { NAME_TAKEN } from '../../http/database-errors';

function templatesMatching(db: Kysely<Database>, text: string) {
  const query = db.selectFrom('email_templates');
  return text
    ? query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['name']), 'like', likePattern(text)), eb(eb.fn('lower', ['subject']), 'like', likePattern(text))]),
      )
    : query;
}

/** Sample values for the preview, including markup that must come out escaped. */
// Named under the form's Name field (SPEC §5), as every refusal that concerns one field.
const TEMPLATE_NAME_TAKEN = NAME_TAKEN.email_templates_name_key.message;

export const PREVIEW_VARIABLES = {
  first_name: 'Erin',
  last_name: 'Walsh',
  company_name: 'Northwind <Traders>',
  link: 'https://portal.example/reset-password?token=sample',
};

export const adminEmailTemplateHandlers = {
  /** The templates grid: paged, sorted and filtered on the server like every admin list. */
  async admin_email_templates(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, emailTemplatesGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      templatesMatching(ctx.db, q.q)
        .select(['id', 'name', 'subject', 'updated_at'])
        .orderBy(q.sort, q.dir)
        .orderBy('id', q.dir)
        .limit(q.size)
        .offset(q.start)
        .execute(),
      templatesMatching(ctx.db, q.q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows, total: Number(total.count) });
  },

  async admin_email_templates_export(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, emailTemplatesGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const rows = await templatesMatching(ctx.db, q.q)
      .select(['name', 'subject', 'content', 'updated_at'])
      .orderBy(q.sort, q.dir)
      .orderBy('id', q.dir)
      .execute();
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'email_templates.exported',
        address: request.ip,
        details: { rows: rows.length },
      },
      ctx.now(),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="email-templates.csv"')
      .send(
        toCsv([
          ['name', 'subject', 'content', 'updated_at'],
          ...rows.map((r) => [r.name, r.subject, r.content, new Date(r.updated_at).toISOString()]),
        ]),
      );
  },

  async admin_email_template_get(ctx, request, reply) {
    const id = Number(request.params.id);
    const row = Number.isInteger(id)
      ? await ctx.db.selectFrom('email_templates').select(['id', 'name', 'subject', 'content']).where('id', '=', id).executeTakeFirst()
      : undefined;
    return row ? ok(reply, { template: row, variables: templateVariables(row.content) }) : fail(reply, 404, 'Template not found.');
  },

  async admin_email_template_create(ctx, request, reply) {
    const body = request.payload;
    const taken = await ctx.db.selectFrom('email_templates').select('id').where('name', '=', body.name.trim()).executeTakeFirst();
    if (taken) return fail(reply, 400, TEMPLATE_NAME_TAKEN, { name: TEMPLATE_NAME_TAKEN });
    // The change and its audit entry commit together or not at all (ASVS V7.3).
    const row = await ctx.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('email_templates')
        .values({ name: body.name.trim(), subject: body.subject, content: body.content })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: request.caller.userId,
          actorEmail: request.caller.email,
          action: 'email_template.created',
          target: `email_template:${created.id}`,
          address: request.ip,
          details: { after: body },
        },
        ctx.now(),
      );
      return created;
    });
    return ok(reply, { id: row.id }, 'The template has been created.');
  },

  async admin_email_template_update(ctx, request, reply) {
    const id = Number(request.params.id);
    const body = request.payload;
    const exists = Number.isInteger(id)
      ? await ctx.db.selectFrom('email_templates').select('id').where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!exists) return fail(reply, 404, 'Template not found.');
    const clash = await ctx.db
      .selectFrom('email_templates')
      .select('id')
      .where('name', '=', body.name.trim())
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) return fail(reply, 400, TEMPLATE_NAME_TAKEN, { name: TEMPLATE_NAME_TAKEN });
    // "before" is read under the row's lock in the writing transaction, so edits arriving at once each
    // record the version they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('email_templates')
        .select(['name', 'subject', 'content'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return 'missing';
      // The portal finds the e-mails it sends by name: renaming one would silently stop them (SPEC §2).
      if (isBuiltInTemplate(before.name) && before.name !== body.name.trim()) return 'renamed';
      await trx
        .updateTable('email_templates')
        .set({ name: body.name.trim(), subject: body.subject, content: body.content, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await audit(
        trx,
        {
          actorId: request.caller.userId,
          actorEmail: request.caller.email,
          action: 'email_template.updated',
          target: `email_template:${id}`,
          address: request.ip,
          details: { before, after: body },
        },
        ctx.now(),
      );
      return 'saved';
    });
    if (saved === 'missing') return fail(reply, 404, 'Template not found.');
    if (saved === 'renamed') return fail(reply, 400, 'A template the portal sends keeps its name.');
    return ok(reply, { id }, 'The template has been saved.');
  },

  async admin_email_template_preview(_ctx, request, reply) {
    const body = request.payload;
    const rendered = renderTemplate(body, PREVIEW_VARIABLES);
    return ok(reply, { ...rendered, variables: templateVariables(body.content) });
  },
} satisfies AreaHandlers<'notifications'>;
