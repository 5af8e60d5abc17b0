import type { PageProps } from '../../app/page-props';
import { FollowUpsView } from './components/activity/follow-ups-view';

/** SPEC §2 /user/client-followups/:id?: the follow-ups of a client the client manager looks after. */
export default function ClientFollowUpsPage({ route, params }: PageProps) {
  return <FollowUpsView title={route.title} clientId={params.id ? Number(params.id) || -1 : undefined} basePath="/user/client-followups" />;
}
