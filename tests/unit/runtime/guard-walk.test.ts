import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes, type AppRoute } from '../../../generated/routes';
import { canAccess } from '../../../src/shared/access';
import type { SessionSnapshot } from '../../../src/shared/model';
import { CLIENTS, EMPLOYEE_PERMISSIONS, GUEST, SUPER_ADMIN, as } from './fixtures';

const table = routes.flatMap((route) => [route.path, ...route.aliases].map((path) => ({ path, route })));

/** A concrete URL for a route pattern (sample parameter values). */
function sample(path: string): string {
  if (path === '*') return '/no-such-page';
  return path.replace(/\/:[A-Za-z0-9_]+\?/g, '').replace(/:[A-Za-z0-9_]+/g, '7');
}

/** Follows guard redirects like the router does, until a route lets the user in. */
export function destination(url: string, snapshot: SessionSnapshot): string {
  let current = url;
  for (let hop = 0; hop < 6; hop += 1) {
    const pathname = current.split('?')[0];
    const match = matchRoutes(table, pathname);
    const route = match?.[match.length - 1]?.route.route as AppRoute;
    const decision = canAccess(route, snapshot, current);
    if (decision.outcome === 'allow') return current;
    current = decision.to;
  }
  throw new Error(`redirect loop from ${url}`);
}

const USERS: Record<string, SessionSnapshot> = {
  guest: GUEST,
  superAdmin: SUPER_ADMIN,
  admin: as(['site-access-admin-center-view', 'users-view', 'clients-view']),
  employee: as(EMPLOYEE_PERMISSIONS),
  arcadiaEmployee: as(EMPLOYEE_PERMISSIONS, CLIENTS.arcadia),
  contosoEmployee: as(EMPLOYEE_PERMISSIONS, CLIENTS.contoso),
  fabrikamEmployee: as(EMPLOYEE_PERMISSIONS, CLIENTS.fabrikam),
  manager: as(['dashboard-pages-client-managers-view', 'dashboard-pages-program-overview-view']),
  evaluator: as(['evaluator-client-list']),
  videoOnly: as(['site-video-page-only-view']),
  nothing: as([]),
};

describe('every route ends somewhere allowed for every kind of user (no loops, no dead ends)', () => {
  for (const [who, snapshot] of Object.entries(USERS)) {
    it(
      who,
      () => {
        for (const { path } of table) expect(() => destination(sample(path), snapshot)).not.toThrow();
      },
      60_000,
    ); // every route for one user: seconds on a loaded 2-core machine
  }
});

describe('where each user ends up (SPEC §4, §6)', () => {
  it.each([
    // guests: public pages open, protected ones ask to sign in and remember the wanted path
    ['guest', '/', '/'],
    ['guest', '/webinars', '/webinars'],
    ['guest', '/user/my-reports', '/user/login?redirect=%2Fuser%2Fmy-reports'],
    ['guest', '/admin/all_users', '/user/login?redirect=%2Fadmin%2Fall_users'],
    ['guest', '/arcadia', '/user/login?redirect=%2Farcadia'],
    ['guest', '/user/login', '/user/login'],
    ['guest', '/no/such/page', '/no/such/page'],
    // guest-only pages send signed-in users to their landing page
    ['employee', '/user/login', '/user'],
    ['admin', '/register', '/admin'],
    // super admin only
    ['superAdmin', '/user/roles', '/user/roles'],
    ['admin', '/user/roles', '/admin'],
    ['superAdmin', '/user/roles/add', '/user/roles/add'],
    ['admin', '/user/roles/add', '/admin'],
    ['employee', '/user/superadmin-dashboard', '/user'],
    // missing permission → 403
    ['employee', '/user/evaluator', '/no-acces-granted'],
    ['manager', '/user/custom-search-self-assessment', '/no-acces-granted'],
    ['evaluator', '/user/new-evaluation/7/7', '/no-acces-granted'],
    // admin-area fallbacks
    ['employee', '/admin', '/user/my-reports'],
    ['arcadiaEmployee', '/admin/all_users', '/user/my-reports'],
    ['manager', '/admin', '/no-acces-granted'],
    ['admin', '/admin/all_users', '/admin/all_users'],
    ['admin', '/admin/email_template', '/no-acces-granted'],
    // content access, self-assessment switch, travel
    ['employee', '/user/keyboard_&_mouse', '/user/keyboard_&_mouse'],
    ['employee', '/user/travel-for-work', '/user/travel-for-work'],
    ['fabrikamEmployee', '/user/travel-for-work', '/page-not-found'],
    ['fabrikamEmployee', '/user/pipetting', '/user/pipetting'],
    ['contosoEmployee', '/user/self_assessment', '/page-not-found'],
    ['contosoEmployee', '/user/self_assessment_signup', '/page-not-found'],
    ['employee', '/user/self_assessment', '/user/self_assessment'],
    // non-ergo-ally users asking for the employee site
    ['admin', '/user', '/admin'],
    ['nothing', '/user', '/user/profile'],
    ['videoOnly', '/user/posture_perfect', '/user/video_library'],
    // the branded area: only the branded client
    ['arcadiaEmployee', '/arcadia', '/arcadia'],
    ['arcadiaEmployee', '/arcadia/terms-of-serivce', '/arcadia/terms-of-serivce'],
    ['arcadiaEmployee', '/arcadia/working-from-home-a45/seating', '/arcadia/working-from-home-a45/seating'],
    ['employee', '/arcadia', '/user'],
    ['superAdmin', '/arcadia/productivity-a45', '/admin'],
  ])('%s opening %s ends on %s', (who, path, expected) => {
    expect(destination(path, USERS[who])).toBe(expected);
  });

  it("lets a branded client's non-ergo-ally users go by permission", () => {
    expect(destination('/arcadia', as(['site-access-admin-center-view'], CLIENTS.arcadia))).toBe('/admin');
    expect(destination('/arcadia', as(['dashboard-pages-employee-help-center-view'], CLIENTS.arcadia))).toBe('/user/help-center');
    expect(destination('/arcadia', as([], CLIENTS.arcadia))).toBe('/user/profile');
  });
});
