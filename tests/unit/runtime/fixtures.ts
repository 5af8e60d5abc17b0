import type { SessionClient, SessionSnapshot, SessionUser } from '../../../src/shared/model';
import { permissionNames } from '../../../generated/permissions';

const ALL_SECTIONS = ['Home Menu', 'Home', 'Office', 'Anywhere', 'Lab', 'Travel', 'Setup Guidelines', 'Work Better', 'Ergo Essentials'];
const menu = (selfAssessment: 0 | 1, off: string[] = []) =>
  Object.fromEntries(
    ['Home', 'ErgoEssentials', 'SetupGuidelines', 'WorkBetter', 'Videos', 'TakeASelfAssessment'].map((k) => [
      k,
      {
        status: (k === 'TakeASelfAssessment' ? selfAssessment : off.includes(k) ? 0 : 1) as 0 | 1,
        custom_menu_text: '',
      },
    ]),
  );

export function client(code: string, overrides: Partial<SessionClient> = {}): SessionClient {
  return {
    id: 1,
    company_name: code,
    company_code: code,
    logo: null,
    hex_color: '#FF9500',
    secondary_hex_color: '#1A191C',
    site_footer: '',
    client_regions: ['Europe'],
    site_menu_details: menu(1),
    is_access_of: ALL_SECTIONS,
    ...overrides,
  };
}

export const CLIENTS = {
  northwind: client('NW01'),
  arcadia: client('A45'),
  arcadiaAlt: client('ARC45'),
  contoso: client('CON1', { site_menu_details: menu(0) }),
  fabrikam: client('FAB1', { is_access_of: ALL_SECTIONS.filter((s) => s !== 'Travel') }),
  noHomeMenu: client('NH01', { site_menu_details: menu(1, ['Home']) }),
};

export function user(permissions: readonly string[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    email: 'x@example.com',
    first_name: 'Test',
    last_name: 'User',
    role_name: 'Custom',
    roles: { all_permission: permissions },
    region: 'Europe',
    sso_status: 0,
    admin_sso_status: 0,
    language: 'en',
    ...overrides,
  };
}

export const as = (
  permissions: readonly string[],
  c: SessionClient = CLIENTS.northwind,
  overrides: Partial<SessionUser> = {},
): SessionSnapshot => ({ user: user(permissions, overrides), client: c });

export const GUEST: SessionSnapshot = { user: null, client: null };
export const SUPER_ADMIN = as(permissionNames, CLIENTS.northwind, { role_name: 'Super_admin' });
export const EMPLOYEE_PERMISSIONS = [
  'site-ergo-ally-site-view',
  'site-video-page-only-view',
  'dashboard-pages-employee-dashboard-view',
  'dashboard-pages-employee-help-center-view',
];
