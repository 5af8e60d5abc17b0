import { audit } from '../../audit/audit';
import { newToken, sha256 } from '../../auth/session-store';
import { failCoded, ok } from '../../http/replies';
import { checkImport, IMPORT_MAX_ROWS } from './user-import';
import { enqueueMail, kickOutbox } from '../../mail/outbox-worker';
import { renderTemplate } from '../../mail/templates';
import { refuseChange } from '../../domain/roles/super-admin-guard';
import { coded, englishOf } from '../../../shared/server-messages';
import type { AreaHandlers } from '../../http/handler-types';

/** Set-password links for imported users last as long as those of users added one by one. */
const LINK_DAYS = 7;

/**
 * CSV user import (users-edit). The preview reports every row's problems; the import checks the file
 * again and, only when every row is valid, creates all users, their set-password links and their
 * e-mails in one transaction: one bad row and nothing changes.
 */
export const adminUserImportHandlers = {
  async admin_users_import_preview(ctx, request, reply) {
    const checked = await checkImport(ctx.db, request.caller, request.payload.import_file);
    // A file refused as a whole (not CSV, missing columns, too many rows) is refused on its field.
    if ('code' in checked) return failCoded(reply, 400, checked, { fields: { import_file: englishOf(checked) } });
    return ok(reply, {
      valid: checked.rows.length,
      invalid: checked.errors.length,
      errors: checked.errors.slice(0, 500),
      rows: checked.rows.slice(0, 20),
      max_rows: IMPORT_MAX_ROWS,
    });
  },

  async admin_users_import(ctx, request, reply) {
    const caller = request.caller;
    const checked = await checkImport(ctx.db, caller, request.payload.import_file);
    // A file refused as a whole (not CSV, missing columns, too many rows) is refused on its field.
    if ('code' in checked) return failCoded(reply, 400, checked, { fields: { import_file: englishOf(checked) } });
    // A row asking for the Super_admin role from anyone else is a refused privilege, not a typo: 403, audited.
    const superAdminRole = coded('import.super_admin_role');
    const privileged = checked.errors.find((e) => e.codes.some((c) => c?.code === superAdminRole.code));
    const refusal = privileged && coded('import.not_imported', { row: privileged.row, problems: [superAdminRole] });
    if (refusal) return refuseChange(ctx, request, reply, { status: 403, message: englishOf(refusal), coded: refusal }, 'users:import');
    if (checked.errors.length) {
      const first = checked.errors[0];
      // A user-form message has no code: the web app words it from the row's own list (`rows`).
      const problems = first.codes.every((c) => c !== null) ? first.codes.filter((c) => c !== null) : null;
      const message = coded('import.not_imported', { row: first.row, problems: problems ?? first.errors.join('; ') });
      return failCoded(reply, 400, message, { rows: checked.errors.slice(0, 500) });
    }
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const now = ctx.now();
    const created = await ctx.db.transaction().execute(async (trx) => {
      const ids: { id: number; email: string }[] = [];
      for (let i = 0; i < checked.rows.length; i += 500) {
        const chunk = checked.rows.slice(i, i + 500);
        ids.push(
          ...(await trx
            .insertInto('users')
            .values(
              chunk.map((r) => ({
                first_name: r.first_name,
                last_name: r.last_name,
                email: r.email,
                role_id: r.role_id,
                client_id: r.client_id,
                region: r.region,
                password_hash: null,
              })),
            )
            .returning(['id', 'email'])
            .execute()),
        );
      }
      const byEmail = new Map(ids.map((u) => [u.email.toLowerCase(), u.id]));
      const links = checked.rows.map((r) => ({ row: r, userId: byEmail.get(r.email.toLowerCase())!, token: newToken() }));
      for (let i = 0; i < links.length; i += 500) {
        await trx
          .insertInto('password_resets')
          .values(
            links.slice(i, i + 500).map((l) => ({
              token_hash: sha256(l.token),
              user_id: l.userId,
              expires_at: new Date(now.getTime() + LINK_DAYS * 24 * 3600 * 1000),
            })),
          )
          .execute();
      }
      // The same account_created e-mail as a user added in the form, queued with the users.
      const template = await trx
        .selectFrom('email_templates')
        .select(['subject', 'content'])
        .where('name', '=', 'account_created')
        .executeTakeFirst();
      if (template) {
        await enqueueMail(
          trx,
          links.map((l) => {
            const mail = renderTemplate(template, {
              first_name: l.row.first_name,
              company_name: l.row.client,
              link: `${origin}/reset-password?token=${l.token}`,
            });
            return { to: l.row.email, subject: mail.subject, text: mail.text, userId: l.userId };
          }),
          now,
        );
      }
      const users = links.map((l) => ({ id: l.userId, email: l.row.email, role_id: l.row.role_id, client_id: l.row.client_id }));
      // The users and the audit entry naming them commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'users.imported',
          target: `users:${users.length}`,
          address: request.ip,
          details: { before: null, after: users },
        },
        ctx.now(),
      );
      return users;
    });
    kickOutbox(ctx);
    return ok(reply, { created: created.length }, `${created.length} users have been imported.`);
  },
} satisfies AreaHandlers<'users'>;
