import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { permissionNames } from '../../../generated/permissions';
import { ARGON2_OPTIONS } from '../auth/passwords';
import type { Database } from './schema';
import { DEMO_CLIENTS, DEMO_PASSWORD, DEMO_ROLES, DEMO_STAFF_ASSIGNMENTS, DEMO_USERS } from './demo-data';
import { demoBannerSvg, demoLogoSvg } from './demo-images';
import { acceptImage, clientImageUrl } from '../domain/clients/images';
import { seedEvaluations } from './demo-evaluations';
import { seedHistory } from './demo-history';
import { seedDemoActions } from './demo-actions';
import { seedDemoOutcomes } from './demo-outcomes';
import { seedDemoTraining } from './demo-training';
import { seedEquipmentCatalogues, seedEquipmentRequests } from './demo-equipment';

/** Stores the demo logo and banner through the same checks as an upload (a bad one stops the seed). */
async function seedImages(db: Kysely<Database>, clientId: number, svgs: { logo: string; banner: string }) {
  for (const kind of ['logo', 'banner'] as const) {
    const image = acceptImage(`data:image/svg+xml;name=${kind}.svg;base64,${Buffer.from(svgs[kind]).toString('base64')}`, kind);
    if (typeof image === 'string') throw new Error(`Demo ${kind}: ${image}`);
    await db
      .insertInto('client_images')
      .values({
        client_id: clientId,
        kind,
        content_type: image.contentType,
        file_name: image.fileName,
        data_base64: image.base64,
        sha256: image.sha256,
      })
      .execute();
    await db
      .updateTable('clients')
      .set({ [kind]: clientImageUrl(clientId, kind, image) })
      .where('id', '=', clientId)
      .execute();
  }
}

/**
 * Demo data for `npm start` and the tests (idempotent: does nothing when clients exist): the
 * branded client (code a45), a full-access client, one with the self-assessment off and one without
 * travel access, the roles, and one account per role (README "Demo accounts").
 */
export async function seed(db: Kysely<Database>, options: { history?: 'all' | 'assessments' | 'none' } = {}): Promise<boolean> {
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const roleIds = new Map<string, number>();
  for (const r of DEMO_ROLES) {
    const row = await db
      .insertInto('roles')
      .values({ name: r.name, display_name: r.display, description: r.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(r.name, row.id);
    const granted = r.permissions === 'all' ? permissionNames : r.permissions;
    if (granted.length)
      await db
        .insertInto('role_permissions')
        .values(granted.map((permission) => ({ role_id: row.id, permission })))
        .execute();
  }
  const clientIds = new Map<string, number>();
  for (const c of DEMO_CLIENTS) {
    const [primary, secondary] = c.colours;
    const row = await db
      .insertInto('clients')
      .values({
        company_name: c.name,
        company_code: c.code,
        logo: null,
        site_footer: c.footer,
        regions: JSON.stringify(c.regions),
        access_list: JSON.stringify(c.access),
        site_menu_details: JSON.stringify(c.menu),
        seats: c.seats,
        hex_color: primary,
        secondary_hex_color: secondary,
        default_role_id: roleIds.get('Employee')!,
        // Every demo client offers every work area; its access list still decides (Fabrikam: no Travel).
        work_area: JSON.stringify(['Office', 'Home', 'Anywhere', 'Lab', 'Travel']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    clientIds.set(c.code, row.id);
    await seedImages(db, row.id, {
      logo: demoLogoSvg(c.name, primary, secondary),
      banner: demoBannerSvg(c.name, primary, secondary),
    });
  }
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  for (const u of DEMO_USERS) {
    const row = await db
      .insertInto('users')
      .values({
        first_name: u.first,
        last_name: u.last,
        email: u.email,
        password_hash: passwordHash,
        client_id: clientIds.get(u.client)!,
        role_id: roleIds.get(u.role)!,
        region: u.region,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const switchable = u.switchTo.map((code) => ({ user_id: row.id, client_id: clientIds.get(code)! }));
    if (switchable.length) await db.insertInto('user_clients').values(switchable).execute();
  }
  for (const a of DEMO_STAFF_ASSIGNMENTS) {
    const staff = await db.selectFrom('users').select('id').where('email', '=', a.email).executeTakeFirstOrThrow();
    await db
      .insertInto('staff_client_assignments')
      .values(a.clients.map((code) => ({ user_id: staff.id, client_id: clientIds.get(code)! })))
      .execute();
  }
  // Each client's equipment catalogue (docs/product.md "Equipment"), for the tests too.
  await seedEquipmentCatalogues(db);
  // Two years of history for `npm start`'s dashboards; the tests start from the accounts alone (DEMO_HISTORY=0).
  const history = options.history ?? 'all';
  await seedEvaluations(db, new Date(), { history: history === 'all' });
  if (history !== 'none') {
    await seedHistory(db);
    // Corrective actions in every state, from the history's latest self-assessments (SPEC §1).
    await seedDemoActions(db);
    // High-risk employees who retook after their actions, and those who did not (the risk-reduction panel).
    await seedDemoOutcomes(db);
    // Two years of equipment requests in every state.
    await seedEquipmentRequests(db);
    // Two years of training enrolments in every state (the overview's training panel, the training activity page).
    await seedDemoTraining(db);
  }
  return true;
}
