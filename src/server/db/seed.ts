import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { permissionNames } from '../../../generated/permissions';
import { ARGON2_OPTIONS } from '../auth/passwords';
import type { Database } from './schema';
import { DEMO_CLIENTS, DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from './demo-data';

/**
 * Demo data for `npm start` and the tests (idempotent: does nothing when clients exist): the
 * branded client (code a45), a full-access client, one with the self-assessment off and one without
 * travel access, the roles, and one account per role (README "Demo accounts").
 */
export async function seed(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const clientIds = new Map<string, number>();
  for (const c of DEMO_CLIENTS) {
    const row = await db.insertInto('clients').values({
      company_name: c.name, company_code: c.code, logo: null, site_footer: c.footer,
      regions: JSON.stringify(c.regions), access_list: JSON.stringify(c.access),
      site_menu_details: JSON.stringify(c.menu), email_domains: JSON.stringify(c.domains), seats: c.seats,
      ...(c.colours ? { hex_color: c.colours[0], secondary_hex_color: c.colours[1] } : {}),
    }).returning('id').executeTakeFirstOrThrow();
    clientIds.set(c.code, row.id);
  }
  const roleIds = new Map<string, number>();
  for (const r of DEMO_ROLES) {
    const row = await db.insertInto('roles').values({ name: r.name, display_name: r.display, description: r.description })
      .returning('id').executeTakeFirstOrThrow();
    roleIds.set(r.name, row.id);
    const granted = r.permissions === 'all' ? permissionNames : r.permissions;
    if (granted.length) await db.insertInto('role_permissions').values(granted.map((permission) => ({ role_id: row.id, permission }))).execute();
  }
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  for (const u of DEMO_USERS) {
    const row = await db.insertInto('users').values({
      first_name: u.first, last_name: u.last, email: u.email, password_hash: passwordHash,
      client_id: clientIds.get(u.client)!, role_id: roleIds.get(u.role)!, region: u.region,
    }).returning('id').executeTakeFirstOrThrow();
    const switchable = u.switchTo.map((code) => ({ user_id: row.id, client_id: clientIds.get(code)! }));
    if (switchable.length) await db.insertInto('user_clients').values(switchable).execute();
  }
  return true;
}
