import type { PageProps } from '../../app/page-props';
import { FollowUpsView } from './components/activity/follow-ups-view';

/** SPEC §2 /user/follow-up-feedback: the follow-ups of the programme's client (or a chosen one). */
export default function FollowUpFeedbackPage({ route }: PageProps) {
  return <FollowUpsView title={route.title} />;
}
