import type { PageProps } from '../../app/page-props';
import { ReportsGrid } from './components/activity/activity-grids';
import { ActivityFrame, ClientPicker, useFigures } from './components/activity/activity-parts';

/** SPEC §2 /user/client-reports/:id?: every report of a client the client manager looks after. */
export default function ClientReportsPage({ route, params }: PageProps) {
  const data = useFigures('activity_clients');
  const named = params.id ? Number(params.id) : undefined;
  return (
    <ActivityFrame title={route.title} state={data} failure="The reports could not be loaded. Please try again.">
      {({ clients }) => {
        const client = named === undefined ? clients[0] : clients.find((c) => c.id === named);
        if (!client)
          return (
            <p role="alert">
              {clients.length
                ? 'This client is not one you look after.'
                : 'No client is assigned to you yet; an administrator assigns clients.'}
            </p>
          );
        return (
          <>
            <ClientPicker clients={clients} value={client.id} basePath="/user/client-reports" />
            <p>Self-assessments, workplace survey reports and finalized evaluation reports of {client.name}.</p>
            <ReportsGrid clientId={client.id} kind="all" />
          </>
        );
      }}
    </ActivityFrame>
  );
}
