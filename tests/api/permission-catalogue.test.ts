import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames, permissions } from '../../generated/permissions';
import { applyDefaultGrants, syncSuperAdminPermissions } from '../../src/server/db/permission-catalogue';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The permissions a role holds, by its internal name. */
const heldBy = async (role: string) =>
  (
    await server.ctx.db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select('permission')
      .where('roles.name', '=', role)
      .execute()
  ).map((r) => r.permission);
const superAdminHolds = () => heldBy('Super_admin');

describe('the permission catalogue at start', () => {
  it('gives Super_admin a manifest permission its database lacks (a permission added after the seed)', async () => {
    expect(await superAdminHolds()).toEqual(expect.arrayContaining([...permissionNames]));
    // An older database: videos-edit did not exist when it was seeded.
    await server.ctx.db.deleteFrom('role_permissions').where('permission', '=', 'videos-edit').execute();
    expect(await superAdminHolds()).not.toContain('videos-edit');
    // What every start runs inside the migrate/seed lock.
    expect(await syncSuperAdminPermissions(server.ctx.db)).toBe(1);
    expect(await superAdminHolds()).toEqual(expect.arrayContaining([...permissionNames]));
    expect(await syncSuperAdminPermissions(server.ctx.db)).toBe(0);
  });
});

describe('a permission granted to roles by default (manifest defaultRoles)', () => {
  const adminHolds = () => heldBy('Admin');

  it('reaches its roles once on a database that never met it, and an administrator may take it away for good', async () => {
    expect(permissions.find((p) => p.name === 'videos-edit')?.defaultRoles).toEqual(['Admin']);
    // A database seeded before videos-edit existed: Admin lacks it and no default was applied.
    const admin = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Admin').executeTakeFirstOrThrow();
    await server.ctx.db.deleteFrom('role_permissions').where('role_id', '=', admin.id).where('permission', '=', 'videos-edit').execute();
    await server.ctx.db.deleteFrom('permission_default_grants').where('permission', '=', 'videos-edit').execute();
    expect(await adminHolds()).not.toContain('videos-edit');

    // The next start grants it, once.
    expect(await applyDefaultGrants(server.ctx.db)).toBe(1);
    expect(await adminHolds()).toContain('videos-edit');
    expect(await applyDefaultGrants(server.ctx.db)).toBe(0);

    // An administrator takes it away; later starts keep that decision.
    await server.ctx.db.deleteFrom('role_permissions').where('role_id', '=', admin.id).where('permission', '=', 'videos-edit').execute();
    expect(await applyDefaultGrants(server.ctx.db)).toBe(0);
    expect(await adminHolds()).not.toContain('videos-edit');
  });

  it('starts on parallel servers grant it exactly once', async () => {
    await server.ctx.db.deleteFrom('permission_default_grants').where('permission', '=', 'videos-edit').execute();
    const results = await Promise.all([
      applyDefaultGrants(server.ctx.db),
      applyDefaultGrants(server.ctx.db),
      applyDefaultGrants(server.ctx.db),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await adminHolds()).toContain('videos-edit');
  });
});
