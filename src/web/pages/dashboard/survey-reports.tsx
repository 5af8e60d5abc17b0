import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { ReportsGrid } from './components/activity/activity-grids';
import { ActivityFrame, ClientPicker, useFigures } from './components/activity/activity-parts';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/dashboard-survey-reports/Self-Assessment and /Ergo-Eval: the client's reports of that
 * kind: submitted self-assessments with the survey-tool reports, or finalized evaluation reports.
 */
export default function SurveyReportsPage({ route }: PageProps) {
  const kind = route.path.endsWith('/Ergo-Eval') ? 'ergo-eval' : 'self-assessment';
  const t = useT();
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  // The client list comes with the page's own figures call (same permission as the page).
  const clients = useFigures(kind === 'ergo-eval' ? 'activity_evaluations' : 'activity_self_assessments');
  return (
    <ActivityFrame title={routeTitle(t, route)} state={clients} failure={t('staff.reports_failed')}>
      {(c) => {
        return (
          <>
            <ClientPicker clients={c.clients} value={clientId ?? c.client_id} onPick={setClientId} />
            <p>{kind === 'ergo-eval' ? t('staff.sr.ergo_eval') : t('staff.sr.self_assessment')}</p>
            <ReportsGrid clientId={clientId ?? c.client_id} kind={kind} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
