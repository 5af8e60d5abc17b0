import { audit } from '../../audit/audit';
import { checkPassword, hashPassword, passwordProblem } from '../../auth/passwords';
import { revokeUserFamilies, startFamily } from '../../auth/session-store';
import { signAccessToken } from '../../auth/access-token';
import { setSessionCookies } from '../../http/cookies';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

export const profileHandlers = {
  async update_profile(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    await ctx.db
      .updateTable('users')
      .set({ first_name: body.first_name.trim(), last_name: body.last_name.trim(), language: body.language })
      .where('id', '=', caller.userId)
      .execute();
    return ok(reply, undefined, 'Your profile has been saved.');
  },

  /** A password change needs the current password and ends every other session (ASVS V2.1.6 / V3.3.3). */
  async change_password(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const now = ctx.now();
    const user = await ctx.db
      .selectFrom('users')
      .select(['password_hash', 'client_id'])
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    if (!(await checkPassword(user.password_hash, body.current_password))) return fail(reply, 400, 'The current password is not correct.');
    const problem = passwordProblem(body.password, body.password_confirmation);
    if (problem) return fail(reply, 400, problem);
    const passwordHash = await hashPassword(body.password);
    // The new password, the ended sessions and the audit entry commit together or not at all (ASVS V7.3).
    const { familyId, token } = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: now })
        .where('id', '=', caller.userId)
        .execute();
      await revokeUserFamilies(trx, caller.userId, 'password-change', now);
      // This tab keeps working on a fresh session; every other session is gone.
      const started = await startFamily(trx, caller.userId, caller.clientId, now);
      await audit(
        trx,
        { actorId: caller.userId, actorEmail: caller.email, clientId: caller.clientId, action: 'password.changed', address: request.ip },
        now,
      );
      return started;
    });
    setSessionCookies(request, reply, await signAccessToken(ctx.secret, { userId: caller.userId, familyId }, now), token);
    return ok(reply, undefined, 'Your password has been changed.');
  },
} satisfies AreaHandlers<'auth'>;
