import type { PageProps } from '../../app/page-props';
import { ActivityFrame, useFigures } from './components/activity/activity-parts';
import { ClientTable } from './components/activity/client-table';

/**
 * SPEC §2 /user/client-activity: for staff who serve several clients, each client's activity this
 * month and over the last twelve months, and what is waiting.
 */
export default function ClientActivityPage({ route }: PageProps) {
  const data = useFigures('activity_clients');
  return (
    <ActivityFrame title={route.title} state={data} failure="The client activity could not be loaded. Please try again.">
      {(d) => {
        return d.clients.length === 0 ? (
          <p>No client is assigned to you yet; an administrator assigns clients.</p>
        ) : (
          <ClientTable clients={d.clients} caption="Activity per client" />
        );
      }}
    </ActivityFrame>
  );
}
