import { Suspense } from 'react';
import { Navigate, useLocation, useParams } from './history';
import type { AppRoute } from '../../../generated/routes';
import { canAccess } from '../../shared/access';
import { useSession } from '../session/store';
import { FullPageLoader } from '../shell/full-page-loader';
import { Layout } from '../layouts/layout';
import { FramePage } from './frame-page';
import { pageFor, preloadPage } from './page-registry';
import { useShellEffects } from './shell-effects';
import { useT } from '../i18n/texts';

/**
 * One route of the table: the guard (SPEC §4, §6) with explicit loading and redirect outcomes, the
 * layout chosen by the route's metadata, and the lazily loaded page.
 */
export function RouteElement({ route }: { route: AppRoute }) {
  const location = useLocation();
  const params = useParams();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const t = useT();
  useShellEffects(route);
  if (status === 'loading' && route.access !== 'public') {
    void preloadPage(route);
    return <FullPageLoader label={t('shell.loading_session')} />;
  }
  const decision = canAccess(route, { user, client }, `${location.pathname}${location.search}`);
  if (decision.outcome === 'redirect') return <Navigate to={decision.to} replace />;
  const Page = pageFor(route.page);
  return (
    <Layout route={route}>
      <Suspense fallback={<FullPageLoader label={t('shell.loading_page')} />}>
        {Page ? <Page route={route} params={params} /> : <FramePage route={route} params={params} />}
      </Suspense>
    </Layout>
  );
}
