import { useEffect } from 'react';
import { useLocation } from './history';
import { productTitle, titlePrefix } from '../../../generated/branding';
import type { AppRoute } from '../../../generated/routes';
import { shellCall } from '../api/shell-call';
import { routeTitle } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/**
 * The path the scroll position belongs to. Routes remount on navigation, so this lives outside them.
 * The page the browser loaded keeps its own scroll: a visitor may already have scrolled the
 * pre-rendered page before the application took it over.
 */
let scrolledPath: string | null = null;

/**
 * Per-navigation shell behaviours (SPEC §1, §2): the page title with the product prefix and a dash,
 * scroll reset to the top on navigation, and a page view recorded after each navigation (failures
 * are ignored: analytics never disturbs the user).
 */
export function useShellEffects(route: AppRoute): void {
  const location = useLocation();
  const t = useT();
  useEffect(() => {
    document.title = route.name === 'home' ? productTitle : `${titlePrefix} - ${routeTitle(t, route)}`;
  }, [route, t]);
  useEffect(() => {
    if (scrolledPath !== null && scrolledPath !== location.pathname) window.scrollTo(0, 0);
    scrolledPath = location.pathname;
    shellCall('page_view', { body: { path: location.pathname } }, { quiet: true, noRefresh: true }).catch(() => undefined);
  }, [location.pathname]);
}
