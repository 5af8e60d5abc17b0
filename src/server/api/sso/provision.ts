import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { superAdminRoleId } from '../../domain/roles/super-admin-guard';
import type { SsoErrorCode } from '../../../shared/sso-errors';
import { emailDomain, type SsoSettings } from './config-store';
import type { Profile } from './oidc';

export type Provisioned = { ok: true; userId: number; created: boolean } | { ok: false; reason: SsoErrorCode };

/** May this user work in this client: their own, or one granted in user_clients (tenant boundary). */
async function mayUseClient(db: Kysely<Database>, user: { id: number; client_id: number }, clientId: number): Promise<boolean> {
  if (user.client_id === clientId) return true;
  return Boolean(
    await db
      .selectFrom('user_clients')
      .select('user_id')
      .where('user_id', '=', user.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst(),
  );
}

/**
 * The role of an account created by a first SSO sign-in: the SSO configuration's role when the
 * administrator chose one, else the client's default user role (the one /register gives; it may never
 * open the admin center), else Employee. One order, so SSO and company-code sign-ups agree by default.
 */
async function firstSignInRole(db: Kysely<Database>, settings: SsoSettings): Promise<number> {
  if (settings.defaultRoleId !== null) return settings.defaultRoleId;
  const client = await db.selectFrom('clients').select('default_role_id').where('id', '=', settings.clientId).executeTakeFirst();
  if (client?.default_role_id) return client.default_role_id;
  return (await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id;
}

const clip = (text: unknown, fallback: string) => (typeof text === 'string' && text.trim() ? text.trim().slice(0, 20) : fallback);

/** Runs inside the caller's transaction when there is one (completeSignIn's), else in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Who the provider vouches for: OIDC issuer and subject, or SAML IdP entity id and NameID. */
export interface VerifiedIdentity {
  readonly iss: string;
  readonly sub: string;
}

/**
 * Finds or creates the portal user for a verified ID token or SAML assertion. Users are keyed by (issuer, subject);
 * the e-mail claim must be in one of the client's configured domains, and an existing account is
 * linked only inside the same client, so a person from client A can never land in client B.
 */
export async function provisionUser(
  db: Kysely<Database>,
  settings: SsoSettings,
  claims: VerifiedIdentity,
  profile: Profile,
): Promise<Provisioned> {
  const email = profile.email?.trim().toLowerCase() ?? '';
  if (!email || !email.includes('@') || profile.email_verified === false) return { ok: false, reason: 'email-missing' };
  if (!settings.domains.includes(emailDomain(email))) return { ok: false, reason: 'wrong-company' };
  const clientId = settings.clientId;
  const identity = await db
    .selectFrom('sso_identities')
    .innerJoin('users', 'users.id', 'sso_identities.user_id')
    .select(['users.id', 'users.client_id'])
    .where('sso_identities.issuer', '=', claims.iss)
    .where('sso_identities.subject', '=', claims.sub)
    .executeTakeFirst();
  if (identity)
    return (await mayUseClient(db, identity, clientId))
      ? { ok: true, userId: identity.id, created: false }
      : { ok: false, reason: 'wrong-company' };

  const existing = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  // A Super_admin account is never linked to, nor created by, an identity provider: whoever runs the
  // provider (an Admin may configure one) would otherwise sign in as the Super_admin (super-admin-guard.ts).
  const superRole = await superAdminRoleId(db);
  if (existing) {
    if (existing.role_id === superRole) return { ok: false, reason: 'super-admin-account' };
    if (!(await mayUseClient(db, existing, clientId))) return { ok: false, reason: 'account-conflict' };
    await db.insertInto('sso_identities').values({ issuer: claims.iss, subject: claims.sub, user_id: existing.id }).execute();
    return { ok: true, userId: existing.id, created: false };
  }

  const role = await firstSignInRole(db, settings);
  if (role === superRole) return { ok: false, reason: 'super-admin-account' };
  const name = profile.name?.trim().split(/\s+/) ?? [];
  const created = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        first_name: clip(profile.given_name, name[0] ?? email.split('@')[0]),
        last_name: clip(profile.family_name, name.slice(1).join(' ')),
        email,
        password_hash: null,
        client_id: clientId,
        role_id: role,
        login_type: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('sso_identities').values({ issuer: claims.iss, subject: claims.sub, user_id: row.id }).execute();
    return row.id;
  });
  return { ok: true, userId: created, created: true };
}
