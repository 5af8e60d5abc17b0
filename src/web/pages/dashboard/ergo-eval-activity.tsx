import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { EvaluationsGrid } from './components/activity/activity-grids';
import { ActivityFrame, ClientPicker, FigureTable, StatCards, clientQuery, useFigures } from './components/activity/activity-parts';

const monthName = (m: string) =>
  new Date(`${m}-01T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * SPEC §2 /user/ergo-eval-activity: the client's one-to-one evaluations: requests by state, reports by
 * status, per month, and how long reports took against the 2–5 business day promise (SPEC §1).
 */
export default function ErgoEvalActivityPage({ route }: PageProps) {
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const data = useFigures('activity_evaluations', clientQuery(clientId));
  return (
    <ActivityFrame title={route.title} state={data} failure="The evaluation figures could not be loaded. Please try again.">
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} onPick={setClientId} />
            <h2>Requests</h2>
            <StatCards
              label="Evaluation requests by state"
              items={[
                { label: 'Open', value: d.requests.open },
                { label: 'Scheduled', value: d.requests.scheduled },
                { label: 'Completed', value: d.requests.completed },
                { label: 'Cancelled', value: d.requests.cancelled },
              ]}
            />
            <p>
              <AppLink to="/user/dashboard-scheduled-requests/open">Open requests</AppLink> ·{' '}
              <AppLink to="/user/dashboard-scheduled-requests/scheduled">Scheduled meetings</AppLink> ·{' '}
              <AppLink to="/user/dashboard-survey-reports/Ergo-Eval">Finalized reports</AppLink>
            </p>
            <h2>Reports against the promise</h2>
            <p>
              Employees are told their report follows within {d.promise.min_days} to {d.promise.max_days} business days of their request.
            </p>
            <StatCards
              label="Report turnaround"
              items={[
                { label: 'Finalized in the period', value: d.promise.finalized },
                { label: `Within ${d.promise.max_days} business days`, value: d.promise.within },
                { label: 'Later than promised', value: d.promise.late },
                { label: 'Average business days', value: d.promise.average_days ?? '–' },
                { label: 'Reports in progress', value: d.promise.open },
                { label: 'In progress past the promise', value: d.promise.open_overdue },
              ]}
            />
            <h2>Reports by status</h2>
            <FigureTable
              caption="Evaluation reports by status"
              head={['Status', 'Reports']}
              rows={d.statuses.map((s) => [s.label, s.count])}
              empty=""
            />
            <h2>Per month</h2>
            <FigureTable
              caption="Requests made and reports finalized per month"
              head={['Month', 'Requested', 'Finalized']}
              rows={d.months.map((m) => [monthName(m.month), m.requested, m.finalized])}
              empty=""
            />
            <h2>Evaluations</h2>
            <EvaluationsGrid clientId={d.client_id} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
