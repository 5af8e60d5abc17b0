import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { audit } from '../../audit/audit';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { newToken, revokeUserFamilies, sha256 } from '../../auth/session-store';
import { takeAccountAttempt, type AccountCall } from '../../auth/throttle';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { fail, ok } from '../../http/replies';
import { enqueueMail, kickOutbox } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import type { AreaHandlers } from '../../http/handler-types';

/** Reset links last an hour and work once (ASVS V2.5.2 / V2.3.1). */
export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT = 'If an account exists for that address, we have e-mailed a password reset link.';
export const RESET_INVALID = 'This password reset link is invalid or has expired.';
/** One answer whether the address was new or already had an account (ASVS V2.2.1 / V3.2). */
export const REGISTERED =
  'Thank you. You can now sign in with the e-mail address and password you chose. If that address already had an account, we have e-mailed its owner instead.';
export const TOO_MANY_ACCOUNT_CALLS = 'Too many attempts. Please wait 15 minutes and try again.';

const lowerEmail = (email: string) => email.trim().toLowerCase();
const originOf = (ctx: AppContext, request: FastifyRequest) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** Counts the attempt; false when the caller's address or the e-mail used up its attempts. */
function attempt(ctx: AppContext, request: FastifyRequest, call: AccountCall, email?: string) {
  return takeAccountAttempt(ctx.db, call, { email, address: request.ip }, ctx.now());
}

/**
 * A new reset link for a user. Issuing one ends every older unused link of that user, so only the
 * newest e-mail works (ASVS V2.5.x: a leaked older message is worth nothing).
 */
export async function issueResetLink(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_resets')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(now.getTime() + ttlMs) })
    .execute();
  return token;
}

/**
 * Mail for a stranger's request goes through the outbox and the answer does not wait for SMTP, so
 * how long the answer takes does not tell whether a message was sent.
 */
async function queue(ctx: AppContext, mail: { to: string; subject: string; text: string; userId: number }) {
  await enqueueMail(ctx.db, [mail], ctx.now());
  kickOutbox(ctx);
}

export const accountHandlers = {
  async register(ctx, request, reply) {
    const body = request.payload;
    if (!(await attempt(ctx, request, 'register', body.email))) return fail(reply, 429, TOO_MANY_ACCOUNT_CALLS);
    const problem = passwordProblem(body.password, body.password_confirmation);
    if (problem) return fail(reply, 400, problem);
    const client = await ctx.db
      .selectFrom('clients')
      .select(['id', 'status', 'default_role_id'])
      .where((eb) => eb(eb.fn('lower', ['company_code']), '=', body.company_code.trim().toLowerCase()))
      .executeTakeFirst();
    if (!client || client.status !== 'active') return fail(reply, 400, 'The company code is not valid.');
    // Hashed either way, so an address that has an account answers as slowly as a new one.
    const passwordHash = await hashPassword(body.password);
    const existing = await ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'client_id'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', lowerEmail(body.email)))
      .executeTakeFirst();
    if (existing) {
      // The owner learns of the attempt by e-mail; the caller gets the same answer as for a new
      // address (ASVS V2.2.1 / V3.2: no account enumeration). Nothing about the account changes.
      const origin = originOf(ctx, request);
      const mail = await renderStored(ctx.db, 'account_exists', {
        first_name: existing.first_name,
        login_link: `${origin}/user/login`,
        password_link: `${origin}/forgot-password`,
      });
      if (mail) await queue(ctx, { to: existing.email, subject: mail.subject, text: mail.text, userId: existing.id });
      await audit(
        ctx.db,
        {
          actorId: existing.id,
          actorEmail: existing.email,
          clientId: existing.client_id,
          action: 'user.register_existing',
          address: request.ip,
        },
        ctx.now(),
      );
      return ok(reply, undefined, REGISTERED);
    }
    // The client's "By Default User Role" (admin client form), else Employee.
    const role = client.default_role_id
      ? { id: client.default_role_id }
      : await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    // The account and its audit entry commit together or not at all (ASVS V7.3).
    await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          email: body.email.trim(),
          password_hash: passwordHash,
          client_id: client.id,
          role_id: role.id,
          region: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        { actorId: user.id, actorEmail: body.email, clientId: client.id, action: 'user.registered', address: request.ip },
        ctx.now(),
      );
    });
    return ok(reply, undefined, REGISTERED);
  },

  async send_password_link(ctx, request, reply) {
    const { email } = request.payload;
    if (!(await attempt(ctx, request, 'password-link', email))) return fail(reply, 429, TOO_MANY_ACCOUNT_CALLS);
    // The same answer whether or not the account exists (ASVS V2.5.7 / V3.2 enumeration), sent
    // before anything depends on it: how long it takes cannot tell either.
    ok(reply, undefined, RESET_SENT);
    // PGlite runs its queries on this thread: start only once the answer has left.
    const raw = reply.raw;
    if (!raw.writableFinished)
      await new Promise<void>((resolve) => {
        raw.once('finish', resolve);
        raw.once('close', resolve);
      });
    try {
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'status'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', lowerEmail(email)))
        .executeTakeFirst();
      if (user && user.status === 'active') {
        // The link and its audit entry commit together (ASVS V7.3).
        const token = await ctx.db.transaction().execute(async (trx) => {
          const issued = await issueResetLink(trx, user.id, RESET_TTL_MS, ctx.now());
          await audit(
            trx,
            { actorId: user.id, actorEmail: user.email, action: 'password.reset_requested', address: request.ip },
            ctx.now(),
          );
          return issued;
        });
        const mail = await renderStored(ctx.db, 'password_reset', {
          first_name: user.first_name,
          link: `${originOf(ctx, request)}/reset-password?token=${token}`,
        });
        if (mail) await queue(ctx, { to: user.email, subject: mail.subject, text: mail.text, userId: user.id });
      } else {
        await audit(ctx.db, { actorEmail: email, action: 'password.reset_requested_unknown', address: request.ip }, ctx.now());
      }
    } catch (error) {
      // The answer is gone already; the person can ask again.
      request.log.error({ err: error }, 'password link not issued');
    }
    return reply;
  },

  async reset_password(ctx, request, reply) {
    const body = request.payload;
    if (!(await attempt(ctx, request, 'password-reset'))) return fail(reply, 429, TOO_MANY_ACCOUNT_CALLS);
    const problem = passwordProblem(body.password, body.password_confirmation);
    if (problem) return fail(reply, 400, problem);
    const now = ctx.now();
    const reset = await ctx.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(body.token)).executeTakeFirst();
    if (!reset || reset.used_at || new Date(reset.expires_at).getTime() <= now.getTime()) return fail(reply, 400, RESET_INVALID);
    const passwordHash = await hashPassword(body.password);
    // Claiming the link (a conditional update, so two uses at the same moment succeed once), the new
    // password, every other link and session ended, and the audit entry: all or nothing (ASVS V7.3).
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', reset.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: now })
        .where('id', '=', reset.user_id)
        .execute();
      await revokeUserFamilies(trx, reset.user_id, 'password-change', now);
      await audit(trx, { actorId: reset.user_id, action: 'password.changed', address: request.ip }, now);
      return true;
    });
    if (!changed) return fail(reply, 400, RESET_INVALID);
    return ok(reply, undefined, 'Your password has been changed. Please sign in.');
  },
} satisfies AreaHandlers<'auth'>;
