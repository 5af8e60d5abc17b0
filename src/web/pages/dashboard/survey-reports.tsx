import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { ReportsGrid } from './components/activity/activity-grids';
import { ActivityFrame, ClientPicker, useFigures } from './components/activity/activity-parts';

/**
 * SPEC §2 /user/dashboard-survey-reports/Self-Assessment and /Ergo-Eval: the client's reports of that
 * kind: submitted self-assessments with the survey-tool reports, or finalized evaluation reports.
 */
export default function SurveyReportsPage({ route }: PageProps) {
  const kind = route.path.endsWith('/Ergo-Eval') ? 'ergo-eval' : 'self-assessment';
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  // The client list comes with the page's own figures call (same permission as the page).
  const clients = useFigures(kind === 'ergo-eval' ? 'activity_evaluations' : 'activity_self_assessments');
  return (
    <ActivityFrame title={route.title} state={clients} failure="The reports could not be loaded. Please try again.">
      {(c) => {
        return (
          <>
            <ClientPicker clients={c.clients} value={clientId ?? c.client_id} onPick={setClientId} />
            <p>
              {kind === 'ergo-eval'
                ? 'Finalized one-to-one evaluation reports.'
                : 'Submitted self-assessments and the reports of the workplace survey.'}
            </p>
            <ReportsGrid clientId={clientId ?? c.client_id} kind={kind} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
