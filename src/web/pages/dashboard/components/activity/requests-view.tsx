import { useState, type ReactNode } from 'react';
import { RequestsGrid } from './activity-grids';
import { ActivityFrame, ClientPicker, StatCards, clientQuery, figure, useFigures } from './activity-parts';
import type { InterfaceKey } from '../../../../i18n/keys';
import { useT } from '../../../../i18n/texts';

/** Request states and their words (the interface texts `staff.request_state.<state>`). */
export const REQUEST_STATES = {
  open: 'staff.request_state.open',
  scheduled: 'staff.request_state.scheduled',
  completed: 'staff.request_state.completed',
  cancelled: 'staff.request_state.cancelled',
  all: 'staff.request_state.all',
} as const satisfies Record<string, InterfaceKey>;
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
  const t = useT();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const data = useFigures('activity_evaluations', clientQuery(clientId ?? picked));
  return (
    <ActivityFrame title={title} state={data} failure={t('staff.rq.failed')}>
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} basePath={basePath} onPick={setPicked} />
            <StatCards
              label={t('staff.ee.requests_by_state')}
              items={(['open', 'scheduled', 'completed', 'cancelled'] as const).map((s) => ({
                label: t(REQUEST_STATES[s]),
                value: figure(d.requests[s]),
              }))}
            />
            {stateChooser}
            <h2>{t('staff.rq.heading', { state: t(REQUEST_STATES[state]) })}</h2>
            <p>{t('staff.rq.time_zone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}</p>
            <RequestsGrid clientId={d.client_id} state={state} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
