import { useState, type ReactNode } from 'react';
import { RequestsGrid } from './activity-grids';
import { ActivityFrame, ClientPicker, StatCards, clientQuery, useFigures } from './activity-parts';

export const REQUEST_STATES = { open: 'Open', scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled', all: 'All' } as const;
export type RequestState = keyof typeof REQUEST_STATES;

/**
 * A client's evaluation requests in one state (SPEC §2 /dashboard-scheduled-requests/:type?,
 * /client-request/:id?): counts per state, then the requests with booked times in the reader's zone.
 */
export function RequestsView({
  title,
  clientId,
  state,
  stateChooser,
  basePath,
}: {
  title: string;
  clientId?: number;
  state: RequestState;
  stateChooser: ReactNode;
  basePath?: string;
}) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const data = useFigures('activity_evaluations', clientQuery(clientId ?? picked));
  return (
    <ActivityFrame title={title} state={data} failure="The requests could not be loaded, or the client is not one you look after.">
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} basePath={basePath} onPick={setPicked} />
            <StatCards
              label="Evaluation requests by state"
              items={(['open', 'scheduled', 'completed', 'cancelled'] as const).map((s) => ({
                label: REQUEST_STATES[s],
                value: d.requests[s],
              }))}
            />
            {stateChooser}
            <h2>{REQUEST_STATES[state]} requests</h2>
            <p>Times are shown in your own time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
            <RequestsGrid clientId={d.client_id} state={state} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
