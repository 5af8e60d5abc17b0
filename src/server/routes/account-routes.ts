import { audit } from '../audit/audit';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { newToken, revokeUserFamilies, sha256 } from '../auth/session-store';
import { fail, ok } from '../http/replies';
import { renderStored } from '../mail/templates';
import type { HandlerTable } from './types';

/** Reset links last an hour and work once (ASVS V2.5.2 / V2.3.1). */
export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT = 'If an account exists for that address, we have e-mailed a password reset link.';
export const RESET_INVALID = 'This password reset link is invalid or has expired.';

export const accountHandlers: HandlerTable = {
  async register(ctx, request, reply) {
    const body = request.payload as { first_name: string; last_name: string; email: string; password: string; password_confirmation: string; company_code: string };
    const problem = passwordProblem(body.password, body.password_confirmation);
    if (problem) return fail(reply, 400, problem);
    const client = await ctx.db.selectFrom('clients').select(['id', 'status', 'default_role_id'])
      .where((eb) => eb(eb.fn('lower', ['company_code']), '=', body.company_code.trim().toLowerCase())).executeTakeFirst();
    if (!client || client.status !== 'active') return fail(reply, 400, 'The company code is not valid.');
    const taken = await ctx.db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase())).executeTakeFirst();
    if (taken) return fail(reply, 400, 'The email has already been taken.');
    // The client's "By Default User Role" (admin client form), else Employee.
    const role = client.default_role_id ? { id: client.default_role_id }
      : await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(body.password);
    // The account and its audit entry commit together or not at all (ASVS V7.3).
    await ctx.db.transaction().execute(async (trx) => {
      const user = await trx.insertInto('users').values({
        first_name: body.first_name.trim(), last_name: body.last_name.trim(), email: body.email.trim(),
        password_hash: passwordHash, client_id: client.id, role_id: role.id, region: null,
      }).returning('id').executeTakeFirstOrThrow();
      await audit(trx, { actorId: user.id, actorEmail: body.email, clientId: client.id, action: 'user.registered', address: request.ip }, ctx.now());
    });
    return ok(reply, undefined, 'Your account is ready. You can sign in now.');
  },

  async send_password_link(ctx, request, reply) {
    const { email } = request.payload as { email: string };
    const user = await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'status'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
    if (user && user.status === 'active') {
      const token = newToken();
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('password_resets').values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(ctx.now().getTime() + RESET_TTL_MS) }).execute();
        await audit(trx, { actorId: user.id, actorEmail: user.email, action: 'password.reset_requested', address: request.ip }, ctx.now());
      });
      const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const mail = await renderStored(ctx.db, 'password_reset', { first_name: user.first_name, link: `${origin}/reset-password?token=${token}` });
      if (mail) await ctx.mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
    }
    // The same answer whether or not the account exists (ASVS V2.5.7 / V3.2 enumeration).
    return ok(reply, undefined, RESET_SENT);
  },

  async reset_password(ctx, request, reply) {
    const body = request.payload as { token: string; password: string; password_confirmation: string };
    const problem = passwordProblem(body.password, body.password_confirmation);
    if (problem) return fail(reply, 400, problem);
    const now = ctx.now();
    const reset = await ctx.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(body.token)).executeTakeFirst();
    if (!reset || reset.used_at || new Date(reset.expires_at).getTime() <= now.getTime()) return fail(reply, 400, RESET_INVALID);
    const passwordHash = await hashPassword(body.password);
    // Claiming the link, the new password, the ended sessions and the audit entry: all or nothing (ASVS V7.3).
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx.updateTable('password_resets').set({ used_at: now }).where('token_hash', '=', reset.token_hash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', reset.user_id).execute();
      await revokeUserFamilies(trx, reset.user_id, 'password-change', now);
      await audit(trx, { actorId: reset.user_id, action: 'password.changed', address: request.ip }, now);
      return true;
    });
    if (!changed) return fail(reply, 400, RESET_INVALID);
    return ok(reply, undefined, 'Your password has been changed. Please sign in.');
  },
};
