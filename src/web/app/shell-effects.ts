import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { productTitle, titlePrefix } from '../../../generated/branding';
import type { AppRoute } from '../../../generated/routes';
import { apiPost } from '../api/client';

/**
 * Per-navigation shell behaviours (SPEC §1, §2): the page title with the product prefix and a dash,
 * scroll reset to the top, and a page view recorded after each navigation (failures are ignored:
 * analytics never disturbs the user).
 */
export function useShellEffects(route: AppRoute): void {
  const location = useLocation();
  useEffect(() => {
    document.title = route.name === 'home' ? productTitle : `${titlePrefix} - ${route.title}`;
  }, [route]);
  useEffect(() => {
    window.scrollTo(0, 0);
    apiPost('/page-view', { path: location.pathname }, { quiet: true, noRefresh: true }).catch(() => undefined);
  }, [location.pathname]);
}
