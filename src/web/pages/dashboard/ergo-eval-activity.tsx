import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { EvaluationsGrid } from './components/activity/activity-later-grids';
import { ActivityFrame, ClientPicker, FigureTable, StatCards, clientQuery, figure, useFigures } from './components/activity/activity-parts';
import { evaluationStatus, requestStatus } from '../../components/reports/status-labels';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { monthName } from './components/overview-data';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /user/ergo-eval-activity: the client's one-to-one evaluations: requests by state, reports by
 * status, per month, and how long reports took against the 2–5 business day promise (SPEC §1).
 */
export default function ErgoEvalActivityPage({ route }: PageProps) {
  const t = useT();
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const data = useFigures('activity_evaluations', clientQuery(clientId));
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.ee.failed')}>
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} onPick={setClientId} />
            <h2>{t('staff.overview.requests')}</h2>
            <StatCards
              label={t('staff.ee.requests_by_state')}
              items={[
                { label: t('staff.ee.open'), value: figure(d.requests.open) },
                { label: requestStatus(t, 'scheduled'), value: figure(d.requests.scheduled) },
                { label: requestStatus(t, 'completed'), value: figure(d.requests.completed) },
                { label: requestStatus(t, 'cancelled'), value: figure(d.requests.cancelled) },
              ]}
            />
            <p>
              <AppLink to={href('dashboard_scheduled_requests', { type: 'open' })}>{t('staff.ee.open_requests')}</AppLink> ·{' '}
              <AppLink to={href('dashboard_scheduled_requests', { type: 'scheduled' })}>{t('staff.ee.scheduled_meetings')}</AppLink> ·{' '}
              <AppLink to={href('dashboard_survey_reports_EE')}>{t('staff.ee.finalized_reports')}</AppLink>
            </p>
            <h2>{t('staff.ee.against_promise')}</h2>
            <p>{t('staff.ee.promise_text', { min: d.promise.min_days, max: d.promise.max_days })}</p>
            <StatCards
              label={t('staff.ee.turnaround')}
              items={[
                { label: t('staff.ee.finalized_period'), value: figure(d.promise.finalized) },
                { label: t('staff.ee.within', { max: d.promise.max_days }), value: figure(d.promise.within) },
                { label: t('staff.ee.late'), value: figure(d.promise.late) },
                { label: t('staff.ee.average_days'), value: figure(d.promise.average_days) },
                { label: t('staff.ee.in_progress'), value: figure(d.promise.open) },
                { label: t('staff.ee.overdue'), value: figure(d.promise.open_overdue) },
              ]}
            />
            <h2>{t('staff.ee.reports_by_status')}</h2>
            <FigureTable
              caption={t('staff.overview.reports_by_status')}
              head={[t('staff.status'), t('staff.overview.reports')]}
              rows={d.statuses.map((s) => [evaluationStatus(t, s.status), figure(s.count)])}
              empty=""
            />
            <h2>{t('staff.per_month')}</h2>
            <FigureTable
              caption={t('staff.ee.per_month_caption')}
              head={[t('staff.overview.month'), requestStatus(t, 'requested'), evaluationStatus(t, 'finalized')]}
              rows={d.months.map((m) => [monthName(m.month), figure(m.requested), figure(m.finalized)])}
              empty=""
            />
            <h2>{t('staff.ee.evaluations')}</h2>
            <EvaluationsGrid clientId={d.client_id} />
          </>
        );
      }}
    </ActivityFrame>
  );
}
