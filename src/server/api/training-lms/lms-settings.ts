import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import { sealSecret } from '../../auth/secret-box';
import type { TrainingLrsSettingsTable } from '../../db/training-schema';
import type { AreaHandlers } from '../../http/handler-types';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND } from '../../policies/client-scope';
import { allCourses, TRAINING_LANGUAGES } from '../../../shared/training';
import { lrsAddressProblem } from '../../domain/training-lms/lrs-network';

type Settings = Pick<TrainingLrsSettingsTable, 'endpoint' | 'auth_key'> & {
  enabled: boolean;
  secret_encrypted: string | null;
  updated_at: Date;
};

/** What the browser and the audit log may see of a client's LRS: the secret only as set or not. */
const visible = (row: Settings) => ({
  enabled: row.enabled,
  endpoint: row.endpoint,
  auth_key: row.auth_key,
  has_secret: Boolean(row.secret_encrypted),
  updated_at: new Date(row.updated_at).toISOString(),
});

/**
 * The LRS address: https (http only where an on-premises store is allowed, lrs-network.ts), outside
 * the server's own network; no credentials, query or fragment in it (the key and secret travel in
 * the Authorization header).
 */
export async function endpointProblem(endpoint: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The LRS address must be a full address such as https://lrs.example.com/xapi/.';
  }
  if (url.username || url.password || url.search || url.hash) return 'The LRS address must not contain credentials, a query or a fragment.';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The LRS address must use https.';
  return lrsAddressProblem(url, allowPrivate);
}

/** /admin/training-lms (docs/product.md "Training: learning systems"): one client's LRS and the packages. */
export const lmsSettingsHandlers = {
  async admin_training_lms(ctx, request, reply) {
    // Like SSO Configuration, an administrator page over every client (clients-edit).
    const clients = await ctx.db.selectFrom('clients').select(['id', 'company_name']).orderBy('company_name').execute();
    const named = request.query.client_id ? Number(request.query.client_id) : request.caller.clientId;
    const clientId = clients.find((c) => c.id === named)?.id ?? clients[0]?.id;
    if (clientId === undefined) return fail(reply, 404, NOT_FOUND);
    const row = await ctx.db.selectFrom('training_lrs_settings').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    const counts = await ctx.db
      .selectFrom('training_xapi_outbox')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('client_id', '=', clientId)
      .groupBy('status')
      .execute();
    const lastError = await ctx.db
      .selectFrom('training_xapi_outbox')
      .select('last_error')
      .where('client_id', '=', clientId)
      .where('last_error', 'is not', null)
      .where('status', 'in', ['queued', 'failed'])
      .orderBy('event_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    const courses = (await allCourses('en')).map((c) => ({ id: c.id, title: c.title, version: c.version }));
    return ok(reply, {
      client_id: clientId,
      clients,
      courses,
      languages: [...TRAINING_LANGUAGES],
      settings: row ? visible(row) : null,
      delivery: {
        queued: count('queued') + count('sending'),
        sent: count('sent'),
        failed: count('failed'),
        last_error: lastError?.last_error ?? null,
      },
    });
  },

  async admin_training_lms_save(ctx, request, reply) {
    const body = request.payload;
    // Like SSO Configuration, an administrator page over every client (clients-edit).
    const client = await ctx.db.selectFrom('clients').select('id').where('id', '=', body.client_id).executeTakeFirst();
    if (!client) return fail(reply, 404, NOT_FOUND);
    const endpoint = body.endpoint.trim();
    const problem = await endpointProblem(endpoint, ctx.config.lrsAllowPrivate);
    if (problem) return fail(reply, 400, problem);
    const authKey = body.auth_key.trim();
    if (!authKey) return fail(reply, 400, 'The LRS key is required.');
    if (authKey.includes(':')) return fail(reply, 400, 'The LRS key must not contain a colon (HTTP Basic authentication).');
    const saved = await ctx.db.transaction().execute(async (trx) => {
      // The row lock orders saves arriving at once: each keeps the secret of, and audits, the one it replaced.
      await trx.selectFrom('clients').select('id').where('id', '=', body.client_id).forUpdate().executeTakeFirst();
      const before = await trx.selectFrom('training_lrs_settings').selectAll().where('client_id', '=', body.client_id).executeTakeFirst();
      const secret = body.secret ? sealSecret(ctx.secret, body.secret) : (before?.secret_encrypted ?? null);
      if (body.enabled && !secret) return null;
      const values = {
        enabled: body.enabled,
        endpoint,
        auth_key: authKey,
        secret_encrypted: secret,
        updated_at: ctx.now(),
        updated_by: request.caller.userId,
      };
      const row = await trx
        .insertInto('training_lrs_settings')
        .values({ client_id: body.client_id, ...values })
        .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: request.caller.userId,
          actorEmail: request.caller.email,
          clientId: body.client_id,
          action: 'training_lms.updated',
          target: `client:${body.client_id}`,
          address: request.ip,
          details: { before: before ? visible(before) : null, after: { ...visible(row), secret: body.secret ? '********' : 'unchanged' } },
        },
        ctx.now(),
      );
      return row;
    });
    if (!saved) return fail(reply, 400, 'Enter the LRS secret before switching sending on.');
    return ok(reply, visible(saved));
  },
} satisfies AreaHandlers<'training-lms'>;
