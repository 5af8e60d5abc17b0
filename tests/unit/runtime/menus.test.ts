import { describe, expect, it } from 'vitest';
import { brandedMenuLinks, profileMenuLinks, sidebarLinks, siteMenuLinks } from '../../../src/shared/menus';
import { dashboardSidebar, flatEntries } from '../../../src/web/menus/dashboard-sidebar';
import { CLIENTS, EMPLOYEE_PERMISSIONS, SUPER_ADMIN, as, client } from './fixtures';

describe('SPEC §2 signed-in menu', () => {
  it("shows the client's items with custom text and hides Request An Evaluation while self-assessment is on", () => {
    const custom = client('NW01', {
      site_menu_details: {
        ...CLIENTS.northwind.site_menu_details,
        Home: { status: 1, custom_menu_text: 'Start here' },
        WorkBetter: { status: 0, custom_menu_text: '' },
      },
    });
    const labels = siteMenuLinks(as(EMPLOYEE_PERMISSIONS, custom)).map((l) => l.label);
    expect(labels).toEqual(['Start here', 'Ergo Essentials', 'Setup Guidelines', 'Videos', 'Take A Self-Assessment']);
  });

  it('shows Request An Evaluation instead when the self-assessment item is off', () => {
    const labels = siteMenuLinks(as(EMPLOYEE_PERMISSIONS, CLIENTS.contoso)).map((l) => l.label);
    expect(labels).toContain('Request An Evaluation');
    expect(labels).not.toContain('Take A Self-Assessment');
  });
});

describe('SPEC §2 profile dropdown', () => {
  it.each([
    [['dashboard-pages-employee-dashboard-view', 'dashboard-pages-client-managers-view'], 'Employee Dashboard', '/user/my-reports'],
    [['dashboard-pages-client-activity-view', 'dashboard-pages-client-managers-view'], 'Client Activity', '/user/client-activity'],
    [['evaluator-reports-in-review'], 'Evaluator', '/user/evaluator'],
    [['dashboard-pages-client-managers-view'], 'Program Management', '/user/client-manager'],
    [['dashboard-pages-employee-help-center-view'], 'Employee Help Center', '/user/help-center'],
  ])('with %j the dashboard entry is %s', (permissions, label, to) => {
    const { links } = profileMenuLinks(as(permissions));
    expect(links[links.length - 1]).toEqual({ label, to, newTab: false });
  });

  it('shows Admin Dashboard with the admin permission and Switch Client only when admin_sso_status is 0', () => {
    const admin = profileMenuLinks(as(['site-access-admin-center-view', 'switch-client']));
    // No Employee Help Center fallback for someone it would send to the 403 page.
    expect(admin.links.map((l) => l.label)).toEqual(['Profile', 'Admin Dashboard']);
    expect(admin.switchClient).toBe(true);
    expect(profileMenuLinks(as(['switch-client'], CLIENTS.northwind, { admin_sso_status: 1 })).switchClient).toBe(false);
    expect(profileMenuLinks(as([])).switchClient).toBe(false);
  });
});

describe('sidebars and the branded menu', () => {
  it('filters the admin sidebar by permission and opens the blog in a new tab', () => {
    expect(sidebarLinks(as(['site-access-admin-center-view', 'users-view']), 'admin').map((l) => l.label)).toEqual([
      'Users',
      'User Groups',
    ]);
    const all = sidebarLinks(SUPER_ADMIN, 'admin');
    expect(all.map((l) => l.label)).toEqual([
      'Users Role',
      'Permissions',
      'Users',
      'User Groups',
      'Clients',
      'SSO Configuration',
      'Learning Systems',
      'Staff Assignments',
      'Self-Assessment Settings',
      'Email Templates',
      'Send Notification',
      'Audit Log',
      'Training',
      'Videos',
      'Equipment Catalogue',
      'Blog',
    ]);
    expect(all.find((l) => l.label === 'Blog')?.newTab).toBe(true);
  });

  it('links the roles and permission pages for a Super_admin only, not for an admin holding role-view (SPEC §6)', () => {
    const labels = sidebarLinks(as(['site-access-admin-center-view', 'role-view', 'role-add', 'role-edit', 'users-view']), 'admin').map(
      (l) => l.label,
    );
    expect(labels).toEqual(['Users', 'User Groups']);
  });

  it('shows mobile sidebar entries by permission', () => {
    expect(sidebarLinks(as(['custom-search', 'dashboard-pages-employee-help-center-view']), 'mobile').map((l) => l.label)).toEqual([
      'Help Center',
      'Custom Search',
    ]);
  });

  it('hides Get an Assessment without ergo-ally or when the self-assessment is off', () => {
    expect(brandedMenuLinks(as(EMPLOYEE_PERMISSIONS, CLIENTS.arcadia)).map((l) => l.label)).toEqual([
      'Home',
      'Productivity',
      'Equipment Guides',
      'Get an Assessment',
    ]);
    expect(brandedMenuLinks(as([], CLIENTS.arcadia)).map((l) => l.label)).not.toContain('Get an Assessment');
    const off = client('a45', { site_menu_details: CLIENTS.contoso.site_menu_details });
    expect(brandedMenuLinks(as(EMPLOYEE_PERMISSIONS, off)).map((l) => l.label)).not.toContain('Get an Assessment');
  });
});

describe('the dashboard sidebar (one on every dashboard page)', () => {
  const labels = (entries: ReturnType<typeof dashboardSidebar>) => flatEntries(entries).map((l) => l.label);

  it('names each page once for a programme manager: their Program Overview and Employee Search are not repeated under Program Management', () => {
    const manager = as([
      'dashboard-pages-program-overview-view',
      'dashboard-pages-employee-search-view',
      'dashboard-pages-client-managers-view',
      'dashboard-pages-employee-help-center-view',
    ]);
    const entries = dashboardSidebar(manager);
    expect(labels(entries)).toEqual([
      'Program Overview',
      'Report approvals',
      'Employee Search',
      'Program Management',
      'Reports',
      'Requests',
      'Follow-Ups',
      'Help Center',
    ]);
    expect(entries.find((e) => e.label === 'Program Management')?.children?.map((l) => l.label)).toEqual([
      'Reports',
      'Requests',
      'Follow-Ups',
    ]);
  });

  it("keeps a client manager's Program Overview under Program Management, where it is their only one", () => {
    const clientManager = as(['dashboard-pages-client-managers-view', 'dashboard-pages-employee-search-view']);
    const children = dashboardSidebar(clientManager)
      .find((e) => e.label === 'Program Management')
      ?.children?.map((l) => l.label);
    expect(children).toEqual(['Program Overview', 'Reports', 'Requests', 'Follow-Ups']);
  });
});
