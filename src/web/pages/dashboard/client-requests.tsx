import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { REQUEST_STATES, RequestsView, type RequestState } from './components/activity/requests-view';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/client-request/:id?: the evaluation requests of a client the client manager looks after. */
export default function ClientRequestsPage({ route, params }: PageProps) {
  const t = useT();
  const [state, setState] = useState<RequestState>('open');
  const chooser = (
    <div className="activity-filters">
      <div className="field">
        <label htmlFor="request-state">{t('staff.state')}</label>
        <select id="request-state" value={state} onChange={(e) => setState(e.target.value as RequestState)}>
          {Object.entries(REQUEST_STATES).map(([k, v]) => (
            <option key={k} value={k}>
              {t(v)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
  return (
    <RequestsView
      title={routeTitle(t, route)}
      clientId={params.id ? Number(params.id) || -1 : undefined}
      state={state}
      stateChooser={chooser}
      basePath={href('client_request')}
    />
  );
}
