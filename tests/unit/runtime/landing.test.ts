import { describe, expect, it } from 'vitest';
import { landingPath } from '../../../src/shared/landing';
import { CLIENTS, EMPLOYEE_PERMISSIONS, GUEST, SUPER_ADMIN, as } from './fixtures';

describe('SPEC §4 landing redirect by permission, first match wins', () => {
  it.each([
    ['site-access-admin-center-view', '/admin'],
    ['site-video-page-only-view', '/user/video_library'],
    ['dashboard-pages-employee-dashboard-view', '/user/my-reports'],
    ['dashboard-pages-program-overview-view', '/user/program-overview'],
    ['dashboard-pages-self-assessment-view', '/user/self-assessment-activity'],
    ['dashboard-pages-ergo-eval-activity-view', '/user/ergo-eval-activity'],
    ['dashboard-pages-follow-up-feedback-view', '/user/follow-up-feedback'],
    ['dashboard-pages-employee-search-view', '/user/employee-search'],
    ['evaluator-client-list', '/user/evaluator'],
    ['evaluator-reports-in-review', '/user/evaluator'],
    ['dashboard-pages-client-activity-view', '/user/client-activity'],
    ['dashboard-pages-client-managers-view', '/user/client-manager'],
    ['dashboard-pages-employee-help-center-view', '/user/help-center'],
  ])('%s lands on %s', (permission, path) => {
    expect(landingPath(as([permission]))).toBe(path);
  });

  it('takes the first rule in order when several match', () => {
    expect(landingPath(as(['dashboard-pages-employee-help-center-view', 'dashboard-pages-program-overview-view']))).toBe(
      '/user/program-overview',
    );
    expect(landingPath(SUPER_ADMIN)).toBe('/admin');
  });

  it('falls back to the profile', () => {
    expect(landingPath(as([]))).toBe('/user/profile');
  });

  it('sends ergo-ally users to the first enabled site menu, the branded client to its sub-site', () => {
    expect(landingPath(as(EMPLOYEE_PERMISSIONS))).toBe('/user');
    expect(landingPath(as(EMPLOYEE_PERMISSIONS, CLIENTS.noHomeMenu))).toBe('/user/ergo_essentials');
    expect(landingPath(as(EMPLOYEE_PERMISSIONS, CLIENTS.arcadia))).toBe('/arcadia');
    expect(landingPath(as(EMPLOYEE_PERMISSIONS, CLIENTS.arcadiaAlt))).toBe('/arcadia');
  });

  it('still sends ergo-ally administrators to /admin (SPEC §6)', () => {
    expect(landingPath(as(['site-access-admin-center-view', 'site-ergo-ally-site-view']))).toBe('/admin');
  });

  it('sends SSO users still choosing a client to the selection screen, guests to login', () => {
    expect(landingPath(as(EMPLOYEE_PERMISSIONS, CLIENTS.northwind, { sso_status: 1 }))).toBe('/user/select-client');
    expect(landingPath(GUEST)).toBe('/user/login');
  });
});

describe('return addresses', () => {
  it('honours only same-site paths', async () => {
    const { safeRedirect, redirectParam } = await import('../../../src/shared/safe-redirect');
    expect(safeRedirect('/user/my-reports')).toBe('/user/my-reports');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(redirectParam('/user/login?redirect=%2Fuser%2Fmy-reports')).toBe('/user/my-reports');
    expect(redirectParam('/user/login?redirect=https%3A%2F%2Fevil.example')).toBeNull();
  });
});
