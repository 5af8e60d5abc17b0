import { audit } from '../../audit/audit';
import type { SsoConfigurationsTable } from '../../db/schema';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { checkCertificate } from './certificate';
import { issuerProblem, parseDomains } from './config-store';
import { sealSecret } from '../../auth/secret-box';

interface SsoForm {
  client_id: number;
  protocol?: 'oidc' | 'saml';
  issuer: string;
  oidc_client_id?: string;
  oidc_client_secret?: string;
  saml_sso_url?: string;
  saml_certificate?: string;
  domains: string;
  default_role_id?: number;
  enabled?: boolean;
}
type Row = Omit<SsoConfigurationsTable, 'updated_at' | 'domains' | 'protocol'> & { domains: string[]; protocol: 'oidc' | 'saml' };

/**
 * What an audit entry and the browser may see of a configuration: the secret only as set or not.
 * The SAML certificate is public (the IdP publishes it in its metadata), so it is shown and audited.
 */
function visible(row: Row) {
  return {
    protocol: row.protocol,
    issuer: row.issuer,
    oidc_client_id: row.oidc_client_id ?? undefined,
    has_secret: Boolean(row.client_secret_encrypted),
    saml_sso_url: row.saml_sso_url ?? undefined,
    saml_certificate: row.saml_certificate ?? undefined,
    domains: row.domains.join(', '),
    default_role_id: row.default_role_id,
    enabled: row.enabled,
  };
}

/** The protocol's own settings, checked; or the first problem (a clear message, nothing saved). */
function protocolFields(body: SsoForm, before: Row | undefined, now: Date) {
  const issuer = body.issuer.trim();
  if ((body.protocol ?? 'oidc') === 'oidc') {
    const trimmed = issuer.replace(/\/+$/, '');
    const problem = issuerProblem(trimmed);
    if (problem) return { problem };
    const clientId = body.oidc_client_id?.trim();
    if (!clientId) return { problem: 'OpenID client id field is required' };
    return { values: { protocol: 'oidc' as const, issuer: trimmed, oidc_client_id: clientId } };
  }
  // SAML: the entity id is a name, never fetched; the SSO URL is where browsers are sent (https).
  const ssoUrl = body.saml_sso_url?.trim();
  if (!ssoUrl) return { problem: 'IdP single sign-on URL field is required' };
  const urlProblem = issuerProblem(ssoUrl, 'IdP single sign-on URL', true);
  if (urlProblem) return { problem: urlProblem };
  let certificate = before?.saml_certificate ?? null;
  if (body.saml_certificate?.trim()) {
    const checked = checkCertificate(body.saml_certificate, now);
    if (!checked.ok) return { problem: checked.problem };
    certificate = checked.pem;
  }
  if (!certificate) return { problem: 'IdP signing certificate field is required' };
  return {
    values: {
      protocol: 'saml' as const,
      issuer,
      saml_sso_url: ssoUrl,
      saml_certificate: certificate,
      oidc_client_id: body.oidc_client_id?.trim() || (before?.oidc_client_id ?? null),
    },
  };
}

/** SPEC §2 /admin/sso_configuration: one OpenID Connect or SAML 2.0 configuration per client (clients-edit). */
export const adminSsoHandlers = {
  async admin_sso_configurations(ctx, _request, reply) {
    const clients = await ctx.db.selectFrom('clients').select(['id', 'company_name']).orderBy('company_name').execute();
    const roles = await ctx.db
      .selectFrom('roles')
      .select(['id', 'display_name'])
      .where('name', '!=', 'Super_admin')
      .orderBy('display_name')
      .execute();
    const rows = await ctx.db.selectFrom('sso_configurations').selectAll().execute();
    const configurations = Object.fromEntries(rows.map((r) => [r.client_id, visible(r)]));
    return ok(reply, { clients, roles, configurations });
  },

  async admin_sso_configuration_save(ctx, request, reply) {
    const body = request.payload;
    const caller = request.caller;
    const client = await ctx.db.selectFrom('clients').select('id').where('id', '=', body.client_id).executeTakeFirst();
    if (!client) return fail(reply, 400, 'Client is required');
    if (body.default_role_id !== undefined) {
      const role = await ctx.db.selectFrom('roles').select('name').where('id', '=', body.default_role_id).executeTakeFirst();
      // Nobody becomes a super administrator by signing in.
      if (!role || role.name === 'Super_admin') return fail(reply, 400, 'Choose a role for new users other than Super Admin.');
    }
    // The client row's lock is taken first (a configuration may not exist yet), then "before" is read
    // in the writing transaction: edits arriving at once each keep the secret and certificate of, and
    // record, the configuration they replaced, and two first saves never both insert (ASVS V7.3).
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('clients').select('id').where('id', '=', body.client_id).forUpdate().executeTakeFirst();
      const before = await trx.selectFrom('sso_configurations').selectAll().where('client_id', '=', body.client_id).executeTakeFirst();
      const fields = protocolFields(body, before, ctx.now());
      if (!fields.values) return { problem: fields.problem };
      const secret = body.oidc_client_secret ? sealSecret(ctx.secret, body.oidc_client_secret) : (before?.client_secret_encrypted ?? null);
      const values = {
        ...fields.values,
        client_secret_encrypted: secret,
        domains: JSON.stringify(parseDomains(body.domains)),
        default_role_id: body.default_role_id ?? null,
        enabled: body.enabled ?? true,
        updated_at: ctx.now(),
      };
      if (before) await trx.updateTable('sso_configurations').set(values).where('client_id', '=', body.client_id).execute();
      else
        await trx
          .insertInto('sso_configurations')
          .values({ client_id: body.client_id, ...values })
          .execute();
      const saved = await trx
        .selectFrom('sso_configurations')
        .selectAll()
        .where('client_id', '=', body.client_id)
        .executeTakeFirstOrThrow();
      // The audit records whether the secret changed, never the secret (masked).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id,
          action: before ? 'sso_configuration.updated' : 'sso_configuration.created',
          target: `client:${body.client_id}`,
          address: request.ip,
          details: {
            before: before ? visible(before) : null,
            after: { ...visible(saved), secret: body.oidc_client_secret ? '********' : 'unchanged' },
          },
        },
        ctx.now(),
      );
      return { saved };
    });
    if (!outcome.saved) return fail(reply, 400, outcome.problem);
    const after = outcome.saved;
    return ok(reply, { configuration: visible(after) }, 'The SSO configuration has been saved.');
  },
} satisfies AreaHandlers<'sso'>;
