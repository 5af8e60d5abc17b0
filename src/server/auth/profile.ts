import type { Kysely, Selectable } from 'kysely';
import type { SessionClient, SessionUser, SiteMenuKey, ClientMenuEntry } from '../../shared/model';
import type { ClientsTable, Database } from '../db/schema';

/** The client columns the browser's SPEC §3 client is made of. */
export type ClientColumns = Pick<
  Selectable<ClientsTable>,
  | 'company_name'
  | 'company_code'
  | 'logo'
  | 'banner'
  | 'hex_color'
  | 'secondary_hex_color'
  | 'site_footer'
  | 'regions'
  | 'access_list'
  | 'site_menu_details'
>;

/** SPEC §3 client as the browser receives it: one mapping for sign-in, client switch and get-user. */
export function sessionClient(id: number, c: ClientColumns): SessionClient {
  return {
    id,
    company_name: c.company_name,
    company_code: c.company_code,
    logo: c.logo,
    banner: c.banner,
    hex_color: c.hex_color,
    secondary_hex_color: c.secondary_hex_color,
    site_footer: c.site_footer,
    client_regions: c.regions,
    is_access_of: c.access_list,
    site_menu_details: c.site_menu_details as Partial<Record<SiteMenuKey, ClientMenuEntry>>,
  };
}

/** SPEC §3 client as the browser receives it, with the seats. */
export async function clientPayload(db: Kysely<Database>, clientId: number): Promise<SessionClient & { seats: number }> {
  const c = await db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
  return { ...sessionClient(c.id, c), seats: c.seats };
}

/** The user's role name and permission strings (SPEC §6). */
export async function rolePermissions(db: Kysely<Database>, roleId: number): Promise<{ name: string; permissions: string[] }> {
  const role = await db.selectFrom('roles').select('name').where('id', '=', roleId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).orderBy('permission').execute();
  return { name: role.name, permissions: rows.map((r) => r.permission) };
}

/** SPEC §3 user as the browser receives it. */
export async function userPayload(db: Kysely<Database>, userId: number): Promise<SessionUser> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const role = await rolePermissions(db, u.role_id);
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    role_name: role.name,
    roles: { all_permission: role.permissions },
    region: u.region,
    sso_status: u.sso_status === 1 ? 1 : 0,
    admin_sso_status: u.admin_sso_status === 1 ? 1 : 0,
    language: u.language,
  };
}
