import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../generated/permissions';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let superAdmin: Agent;
let roleIds: Record<string, number>;
beforeAll(async () => {
  server = await startTestServer();
  superAdmin = new Agent(server.url);
  expect((await superAdmin.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
  roleIds = Object.fromEntries((await server.ctx.db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
});
afterAll(async () => {
  await server?.close();
});

describe('roles and the permission matrix (Super_admin only)', () => {
  it('lists roles with their permission counts', async () => {
    const { rows: roles } = (await superAdmin.get('/admin/roles')).data as { rows: { name: string; permission_count: number }[] };
    expect(roles.find((r) => r.name === 'Super_admin')?.permission_count).toBe(permissions.length); // the whole catalogue
    expect(roles.find((r) => r.name === 'Video_viewer')?.permission_count).toBe(1);
  });

  it('pages, sorts, searches and exports the roles on the server', async () => {
    const all = (await superAdmin.get('/admin/roles?sort=permission_count&dir=desc')).data as {
      rows: { name: string; permission_count: number }[];
      total: number;
    };
    expect(all.rows[0].name).toBe('Super_admin');
    expect(all.rows.map((r) => r.permission_count)).toEqual([...all.rows.map((r) => r.permission_count)].sort((a, b) => b - a));
    const page = (await superAdmin.get('/admin/roles?start=1&size=2&sort=display_name')).data as { rows: unknown[]; total: number };
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBe(all.total);
    const found = (await superAdmin.get('/admin/roles?q=video')).data as { rows: { name: string }[]; total: number };
    expect(found.rows.map((r) => r.name)).toEqual(['Video_viewer']);
    expect(found.total).toBe(1);
    expect((await superAdmin.get('/admin/roles?sort=name;drop')).status).toBe(400);
    await superAdmin.post('/admin/roles', { name: 'Formula team', description: '=HYPERLINK("http://evil.example")', permissions: [] });
    const csv = await superAdmin.get('/admin/roles/export?q=formula');
    expect(csv.status).toBe(200);
    // A cell starting with = is neutralised so a spreadsheet does not run it.
    expect(csv.body.text).toContain(`'=HYPERLINK`);
  });

  it('saves a matrix, takes effect on the next request and is audited with before and after', async () => {
    const viewer = new Agent(server.url);
    await viewer.login(ACCOUNTS.videoViewer, PASSWORD);
    expect((await viewer.get('/get-role-permissions/1')).status).toBe(403);
    const saved = await superAdmin.post(`/admin/roles/${roleIds.Video_viewer}`, {
      name: 'Video Viewer',
      description: 'Videos and role lookup',
      permissions: ['site-video-page-only-view', 'role-view'],
    });
    expect(saved.status).toBe(200);
    const me = (await viewer.get('/get-user')).data as { user: { roles: { all_permission: string[] } } };
    expect(me.user.roles.all_permission).toContain('role-view');
    // Holding role-view is not enough: the role calls are Super_admin only (SPEC §6, access: superadmin).
    expect((await viewer.get('/get-role-permissions/1')).status).toBe(403);
    expect((await superAdmin.get('/get-role-permissions/1')).status).toBe(200);
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'role.updated')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({
      before: { permissions: ['site-video-page-only-view'] },
      after: { permissions: ['role-view', 'site-video-page-only-view'] },
    });
  });

  it('refuses unknown permissions, the Super_admin role, and the SPEC §5 invalid inputs', async () => {
    expect(
      (await superAdmin.post(`/admin/roles/${roleIds.Employee}`, { name: 'Employee', description: 'x', permissions: ['root-access'] })).body
        .errors,
    ).toBe('Unknown permission: root-access.');
    expect(
      (await superAdmin.post(`/admin/roles/${roleIds.Super_admin}`, { name: 'Super Admin', description: 'x', permissions: [] })).status,
    ).toBe(403);
    expect((await superAdmin.post(`/admin/roles/${roleIds.Employee}`, { name: '', description: 'x', permissions: [] })).body.errors).toBe(
      'Role Name field is required',
    );
    expect(
      (await superAdmin.post(`/admin/roles/${roleIds.Employee}`, { name: 'Employee', description: '', permissions: [] })).body.errors,
    ).toBe('Description field is required');
    expect((await superAdmin.post('/admin/roles/9999', { name: 'X', description: 'Y', permissions: [] })).status).toBe(404);
  });

  it('is Super_admin only even for holders of role-view and role-edit, and refuses guests', async () => {
    const admin = new Agent(server.url);
    await admin.login(ACCOUNTS.admin, PASSWORD);
    expect((await admin.get('/admin/roles')).status).toBe(403);
    expect((await admin.get('/admin/roles/export')).status).toBe(403);
    expect(
      (
        await admin.post(`/admin/roles/${roleIds.Admin}`, {
          name: 'Admin',
          description: 'Runs everything',
          permissions: ['site-access-admin-center-view'],
        })
      ).status,
    ).toBe(403);
    expect((await new Agent(server.url).get('/admin/roles')).status).toBe(401);
  });
});
