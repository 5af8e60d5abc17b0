import type { PageProps } from '../../app/page-props';
import { FollowUpsView } from './components/activity/follow-ups-view';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/** SPEC §2 /user/follow-up-feedback: the follow-ups of the programme's client (or a chosen one). */
export default function FollowUpFeedbackPage({ route }: PageProps) {
  const t = useT();
  return <FollowUpsView title={routeTitle(t, route)} />;
}
