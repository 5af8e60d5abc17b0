import { describe, expect, it } from 'vitest';
import { brandedPathFor, canOpen, linkTarget, routeForPath } from '../../../src/shared/link-access';
import { mobileMenuLinks, siteMenuLinks } from '../../../src/shared/menus';
import { CLIENTS, EMPLOYEE_PERMISSIONS, GUEST, as } from './fixtures';

const employee = as(EMPLOYEE_PERMISSIONS);
const contoso = as(EMPLOYEE_PERMISSIONS, CLIENTS.contoso);
const arcadia = as(EMPLOYEE_PERMISSIONS, CLIENTS.arcadia);

describe('which links a user may follow (one canAccess behind every link)', () => {
  it('finds the route a path opens, parameters and catch-alls last', () => {
    expect(routeForPath('/user/my-reports')?.name).toBe('my_reports');
    expect(routeForPath('/user/my-reports/ann@client.example')?.name).toBe('my_reports_email');
    expect(routeForPath('/user/my-reports/viewreport/abc')?.name).toBe('my_reports_viewreport');
    expect(routeForPath('/user/footrest')?.name).toBe('recommended_equipment');
    expect(routeForPath('/no/such/page')).toBeNull();
  });

  it('hides the self-assessment where the client turned it off, and pages a role does not grant', () => {
    expect(canOpen('/user/self_assessment_signup', employee)).toBe(true);
    expect(canOpen('/user/self_assessment_signup', contoso)).toBe(false);
    expect(canOpen('/user/help-center', as(['site-access-admin-center-view']))).toBe(false);
    expect(canOpen('/no/such/page', employee)).toBe(false);
    expect(canOpen('/privacy-policy', GUEST)).toBe(true);
  });

  it("keeps the branded client's employees in the branded area", () => {
    expect(brandedPathFor('/user/profile')).toBe('/arcadia/profile');
    expect(brandedPathFor('/user/pomodoro_sit_and_stand')).toBe('/arcadia/sit-and-stand-a45');
    expect(linkTarget('/user/my-reports', arcadia)).toBe('/arcadia/employee_dashboard/my_report');
    expect(linkTarget('/user/my-reports/viewreport/abc', arcadia)).toBe('/user/my-reports/viewreport/abc');
    expect(linkTarget('/user/profile', employee)).toBe('/user/profile');
  });

  it('gives the phone menu the site menu, the dashboard entries, and the profile links once each', () => {
    const labels = mobileMenuLinks(employee, siteMenuLinks(employee)).map((l) => l.label);
    expect(labels).toEqual(expect.arrayContaining(['Home', 'Ergo Essentials', 'My Reports', 'Help Center', 'Profile']));
    const targets = mobileMenuLinks(employee, siteMenuLinks(employee)).map((l) => l.to);
    expect(new Set(targets).size).toBe(targets.length);
  });
});
