import { ChartFigure } from '../../../components/charts/chart-figure';
import { evaluationStatus, requestStatus } from '../../../components/reports/status-labels';
import { useT } from '../../../i18n/texts';
import { REQUEST_STATUSES, shown, type Drill, type Overview } from './overview-data';
import { ScrollTable } from './health-sections';

/** Results by region (SPEC §1): a region of fewer than 5 employees reads "fewer than 5". */
export function RegionsTable({ regions, open }: { regions: Overview['regions']; open: (d: Drill) => void }) {
  const t = useT();
  return (
    <section aria-labelledby="overview-regions">
      <h2 id="overview-regions">{t('staff.overview.by_region')}</h2>
      <ScrollTable label={t('staff.overview.by_region')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.overview.region')}</th>
              <th scope="col">{t('staff.overview.eligible')}</th>
              <th scope="col">{t('staff.overview.took_one')}</th>
              <th scope="col">{t('staff.body.share')}</th>
              <th scope="col">{t('staff.overview.low_moderate_high')}</th>
              <th scope="col">{t('staff.overview.mean_score')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.chart.records')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {regions.map((r) => {
              const name = r.region ?? t('staff.overview.no_region');
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{shown(r.eligible)}</td>
                  <td>{shown(r.participants)}</td>
                  <td>{shown(r.participation_share, '%')}</td>
                  <td>{r.bands ? `${r.bands.low} / ${r.bands.moderate} / ${r.bands.high}` : t('staff.fewer_than_5')}</td>
                  <td>{r.bands ? (r.mean_score ?? '—') : t('staff.fewer_than_5')}</td>
                  <td>
                    {r.bands && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => open({ kind: 'region', value: r.region ?? '', label: t('staff.overview.drill_region', { name }) })}
                      >
                        {t('staff.chart.list_records')}
                        <span className="visually-hidden"> {t('staff.for_label', { label: name })}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}

/** The one-to-one evaluation pipeline against the 2–5 business-day promise (SPEC §1, §9) and follow-up outcomes. */
export function PipelineSection({
  pipeline,
  followUps,
  open,
}: {
  pipeline: Overview['pipeline'];
  followUps: Overview['follow_ups'];
  open: (d: Drill) => void;
}) {
  // A status about fewer than five employees is null: the chart and its table say "fewer than 5".
  const counts = REQUEST_STATUSES.map((s) => (s in pipeline.requests ? pipeline.requests[s]! : 0) as number | null);
  const evaluations = Object.entries(pipeline.evaluations);
  const sum = (values: (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
  const t = useT();
  return (
    <section aria-labelledby="overview-pipeline">
      <h2 id="overview-pipeline">{t('staff.overview.evaluations')}</h2>
      <div className="card-grid health-grid">
        <div className="card health-stat">
          <p className="health-value">{pipeline.median_business_days ?? '—'}</p>
          <p className="health-label">{t('staff.overview.median_days')}</p>
          <p className="health-detail">
            {pipeline.within_promise_share === null
              ? t('staff.overview.promise', { count: shown(pipeline.finalized_reports) })
              : t('staff.overview.promise_within', { count: shown(pipeline.finalized_reports), share: pipeline.within_promise_share })}
          </p>
        </div>
        <div className="card health-stat">
          <p className="health-value">{shown(followUps.done_share, '%')}</p>
          <p className="health-label">{t('staff.overview.recommendations_done')}</p>
          <p className="health-detail">
            {t('staff.overview.follow_ups_answered', {
              answered: shown(followUps.answered),
              share: shown(followUps.in_progress_share, '%'),
            })}
          </p>
        </div>
        <div className="card health-stat">
          <p className="health-value">
            {followUps.discomfort_before === null
              ? t('staff.fewer_than_5')
              : `${followUps.discomfort_before} → ${followUps.discomfort_after}`}
          </p>
          <p className="health-label">{t('staff.overview.discomfort_before_after')}</p>
          <p className="health-detail">{t('staff.overview.cornell_detail')}</p>
        </div>
      </div>
      <ChartFigure
        title={t('staff.overview.requests_by_status')}
        kind="bar"
        labelHeader={t('staff.status')}
        labels={REQUEST_STATUSES.map((s) => requestStatus(t, s))}
        summary={t('staff.overview.requests_summary', {
          total: counts.includes(null) ? shown(null) : sum(counts),
          list: REQUEST_STATUSES.map((s, i) => `${shown(counts[i])} ${requestStatus(t, s).toLocaleLowerCase()}`).join(', '),
        })}
        series={[{ label: t('staff.overview.requests'), values: counts }]}
        onOpen={(i) =>
          open({
            kind: 'request_status',
            value: REQUEST_STATUSES[i],
            label: t('staff.overview.drill_requests', { status: requestStatus(t, REQUEST_STATUSES[i]).toLowerCase() }),
          })
        }
      />
      {evaluations.length > 0 && (
        <ChartFigure
          title={t('staff.overview.reports_by_status')}
          kind="bar"
          labelHeader={t('staff.status')}
          labels={evaluations.map(([s]) => evaluationStatus(t, s))}
          summary={t('staff.overview.reports_summary', {
            total: evaluations.some(([, n]) => n === null) ? shown(null) : sum(evaluations.map(([, n]) => n)),
            finalized: shown(pipeline.evaluations.finalized ?? 0),
          })}
          series={[{ label: t('staff.overview.reports'), values: evaluations.map(([, n]) => n) }]}
        />
      )}
    </section>
  );
}
