import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames } from '../../generated/permissions';
import { syncSuperAdminPermissions } from '../../src/server/db/permission-catalogue';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const superAdminHolds = async () =>
  (
    await server.ctx.db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select('permission')
      .where('roles.name', '=', 'Super_admin')
      .execute()
  ).map((r) => r.permission);

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
