import type { PageProps } from '../../app/page-props';
import { FollowUpsView } from './components/activity/follow-ups-view';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/client-followups/:id?: the follow-ups of a client the client manager looks after. */
export default function ClientFollowUpsPage({ route, params }: PageProps) {
  const t = useT();
  return (
    <FollowUpsView
      title={routeTitle(t, route)}
      clientId={params.id ? Number(params.id) || -1 : undefined}
      basePath={href('client_followups')}
    />
  );
}
