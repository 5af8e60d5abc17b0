import type { FastifyRequest } from 'fastify';
import { encodeEnvelopeJson } from '../../../shared/envelope';
import { audit } from '../../audit/audit';
import { signAccessToken } from '../../auth/access-token';
import { checkPassword } from '../../auth/passwords';
import { revokeFamily, rotate, startFamily } from '../../auth/session-store';
import { reserveSignIn, signInSucceeded } from '../../auth/throttle';
import { REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from '../../http/cookies';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import type { Caller } from '../../context';

/** One answer for an unknown e-mail and a wrong password (ASVS V2.2.1 / V3.2). */
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

const address = (request: FastifyRequest) => request.ip;

/** get-user's reply text per caller object: it is the same as long as the caller row is (authenticate.ts). */
const getUserJson = new WeakMap<Caller, string>();

export const sessionHandlers = {
  async login(ctx, request, reply) {
    const { email, password } = request.payload;
    const now = ctx.now();
    // The attempt takes its place in the counts before the slow password check, so a burst sent at
    // once (to one server or several) is refused after the limit, not all checked (ASVS V2.2.1).
    const attempt = await reserveSignIn(ctx.db, email, address(request), now);
    if (!attempt) {
      await audit(ctx.db, { actorEmail: email, action: 'login.throttled', address: address(request) }, now);
      return fail(reply, 429, TOO_MANY_ATTEMPTS);
    }
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'status', 'client_id', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    const valid = await checkPassword(user?.password_hash, password);
    if (!user || !valid || user.status !== 'active') {
      // The reserved slots stay counted: they are this failure.
      await audit(
        ctx.db,
        {
          actorId: user?.id ?? null,
          actorEmail: email,
          clientId: user?.client_id ?? null,
          action: 'login.failure',
          address: address(request),
        },
        now,
      );
      return fail(reply, 401, BAD_CREDENTIALS);
    }
    const { familyId, token } = await ctx.db.transaction().execute(async (trx) => {
      await signInSucceeded(trx, attempt);
      const session = await startFamily(trx, user.id, user.client_id, now);
      await audit(
        trx,
        { actorId: user.id, actorEmail: user.email, clientId: user.client_id, action: 'login.success', address: address(request) },
        now,
      );
      return session;
    });
    setSessionCookies(request, reply, await signAccessToken(ctx.secret, { userId: user.id, familyId }, now), token);
    return ok(reply, undefined, 'Signed in successfully.');
  },

  async refresh_token(ctx, request, reply) {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) return fail(reply, 401, 'Refresh token missing');
    const now = ctx.now();
    // A reused token ends its family; the revocation and its audit entry commit together (ASVS V7.3).
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const rotated = await rotate(trx, presented, now);
      if (rotated.kind === 'invalid' && rotated.reason === 'reuse')
        await audit(trx, { actorId: rotated.userId, action: 'session.refresh_reuse_detected', address: address(request) }, now);
      return rotated;
    });
    if (outcome.kind === 'in-progress') return fail(reply, 409, 'Refresh already in progress');
    if (outcome.kind === 'invalid') {
      clearSessionCookies(request, reply);
      return fail(reply, 401, 'Invalid refresh token');
    }
    setSessionCookies(
      request,
      reply,
      await signAccessToken(ctx.secret, { userId: outcome.userId, familyId: outcome.familyId }, now),
      outcome.token,
    );
    return ok(reply, undefined, 'Session refreshed.');
  },

  async get_user(_ctx, request, reply) {
    // Everything comes from the caller's one authentication query (auth/authenticate.ts).
    const caller = request.caller;
    let json = getUserJson.get(caller);
    if (!json) {
      const { profile: user, client, seats } = caller;
      // SPEC §3: data.data decodes into user, token, client, seats. The token is descriptive only:
      // the credential itself stays in an HttpOnly cookie.
      json = JSON.stringify({ user, token: { token_type: 'cookie', expires_in: 600 }, client, seats });
      getUserJson.set(caller, json);
    }
    // The envelope is letters, digits and base64 only, so the reply needs no JSON escaping.
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":{"data":"${encodeEnvelopeJson(json)}"}}`);
  },

  async logout(ctx, request, reply) {
    const caller = request.caller;
    if (caller) {
      await ctx.db.transaction().execute(async (trx) => {
        await revokeFamily(trx, caller.familyId, 'logout', ctx.now());
        await audit(
          trx,
          { actorId: caller.userId, actorEmail: caller.email, clientId: caller.clientId, action: 'logout', address: address(request) },
          ctx.now(),
        );
      });
    }
    clearSessionCookies(request, reply);
    return ok(reply, undefined, 'Logged out successfully');
  },
} satisfies AreaHandlers<'auth'>;
