import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { openSecret } from '../../auth/secret-box';

/** A client's single sign-on settings with the secret opened, for server-side use only. */
export interface SsoSettings {
  readonly clientId: number;
  readonly protocol: 'oidc' | 'saml';
  /** OIDC: the issuer URL; SAML: the IdP entity id. */
  readonly issuer: string;
  readonly oidcClientId: string | null;
  readonly samlSsoUrl: string | null;
  readonly samlCertificate: string | null;
  readonly clientSecret: string | null;
  readonly domains: readonly string[];
  readonly defaultRoleId: number | null;
  readonly updatedAt: Date;
}

/** "Northwind.example, x.org" → ["northwind.example", "x.org"] (domains compare case-insensitively). */
export function parseDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/**
 * Plain http is accepted only for an issuer on this machine (a local test provider); anywhere else
 * the issuer must use https (ASVS V9.1.1), or tokens and secrets would cross the network in clear.
 */
export function issuerProblem(issuer: string, label = 'Issuer URL', allowQuery = false): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return `${label} must be a valid URL`;
  }
  if (url.username || url.password || (!allowQuery && url.search) || url.hash)
    return `${label} must not contain credentials, a query or a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return null;
  return `${label} must use https`;
}

export function isLoopback(hostname: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(hostname);
}

/** The enabled configurations whose domains include this e-mail's domain, active clients only. */
export async function configurationsForDomain(db: Kysely<Database>, domain: string) {
  const rows = await db
    .selectFrom('sso_configurations')
    .innerJoin('clients', 'clients.id', 'sso_configurations.client_id')
    .select(['clients.id', 'clients.company_name', 'clients.logo', 'sso_configurations.domains'])
    .where('sso_configurations.enabled', '=', true)
    .where('clients.status', '=', 'active')
    .orderBy('clients.company_name')
    .execute();
  return rows.filter((r) => r.domains.includes(domain)).map((r) => ({ id: r.id, company_name: r.company_name, logo: r.logo }));
}

/** One client's enabled settings, or null (not configured, turned off, or the secret no longer opens). */
export async function loadSettings(db: Kysely<Database>, sessionSecret: Uint8Array, clientId: number): Promise<SsoSettings | null> {
  const row = await db
    .selectFrom('sso_configurations')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const clientSecret = row.client_secret_encrypted ? openSecret(sessionSecret, row.client_secret_encrypted) : null;
  if (row.client_secret_encrypted && clientSecret === null) return null;
  return {
    clientId: row.client_id,
    protocol: row.protocol,
    issuer: row.issuer,
    oidcClientId: row.oidc_client_id,
    clientSecret,
    samlSsoUrl: row.saml_sso_url,
    samlCertificate: row.saml_certificate,
    domains: row.domains,
    defaultRoleId: row.default_role_id,
    updatedAt: new Date(row.updated_at),
  };
}
