import { audit } from '../audit/audit';
import { fail, ok } from '../http/replies';
import { renderTemplate, templateVariables } from '../mail/templates';
import type { HandlerTable } from './types';

interface TemplateForm { name: string; subject: string; content: string }

/** Sample values for the preview, including markup that must come out escaped. */
export const PREVIEW_VARIABLES = { first_name: 'Erin', last_name: 'Walsh', company_name: 'Northwind <Traders>', link: 'https://portal.example/reset-password?token=sample' };

export const adminEmailTemplateHandlers: HandlerTable = {
  async admin_email_templates(ctx, _request, reply) {
    const rows = await ctx.db.selectFrom('email_templates').select(['id', 'name', 'subject', 'updated_at']).orderBy('name').execute();
    return ok(reply, { templates: rows });
  },

  async admin_email_template_get(ctx, request, reply) {
    const id = Number((request.params as { id: string }).id);
    const row = Number.isInteger(id) ? await ctx.db.selectFrom('email_templates').select(['id', 'name', 'subject', 'content']).where('id', '=', id).executeTakeFirst() : undefined;
    return row ? ok(reply, { template: row, variables: templateVariables(row.content) }) : fail(reply, 404, 'Template not found.');
  },

  async admin_email_template_create(ctx, request, reply) {
    const body = request.payload as TemplateForm;
    const taken = await ctx.db.selectFrom('email_templates').select('id').where('name', '=', body.name.trim()).executeTakeFirst();
    if (taken) return fail(reply, 400, 'A template with this name already exists.');
    const row = await ctx.db.insertInto('email_templates').values({ name: body.name.trim(), subject: body.subject, content: body.content }).returning('id').executeTakeFirstOrThrow();
    await audit(ctx.db, { actorId: request.caller!.userId, actorEmail: request.caller!.email, action: 'email_template.created', target: `email_template:${row.id}`, address: request.ip, details: { after: body } }, ctx.now());
    return ok(reply, { id: row.id }, 'The template has been created.');
  },

  async admin_email_template_update(ctx, request, reply) {
    const id = Number((request.params as { id: string }).id);
    const body = request.payload as TemplateForm;
    const before = Number.isInteger(id) ? await ctx.db.selectFrom('email_templates').select(['name', 'subject', 'content']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!before) return fail(reply, 404, 'Template not found.');
    const clash = await ctx.db.selectFrom('email_templates').select('id').where('name', '=', body.name.trim()).where('id', '!=', id).executeTakeFirst();
    if (clash) return fail(reply, 400, 'A template with this name already exists.');
    await ctx.db.updateTable('email_templates').set({ name: body.name.trim(), subject: body.subject, content: body.content, updated_at: ctx.now() }).where('id', '=', id).execute();
    await audit(ctx.db, { actorId: request.caller!.userId, actorEmail: request.caller!.email, action: 'email_template.updated', target: `email_template:${id}`, address: request.ip, details: { before, after: body } }, ctx.now());
    return ok(reply, { id }, 'The template has been saved.');
  },

  async admin_email_template_preview(_ctx, request, reply) {
    const body = request.payload as TemplateForm;
    const rendered = renderTemplate(body, PREVIEW_VARIABLES);
    return ok(reply, { ...rendered, variables: templateVariables(body.content) });
  },
};
