import { ChartFigure } from '../../../components/charts/chart-figure';
import { REQUEST_STATUSES, shown, statusLabel, type Drill, type Overview } from './overview-data';
import { ScrollTable } from './health-sections';

/** Results by region (SPEC §1): a region of fewer than 5 employees reads "fewer than 5". */
export function RegionsTable({ regions, open }: { regions: Overview['regions']; open: (d: Drill) => void }) {
  return (
    <section aria-labelledby="overview-regions">
      <h2 id="overview-regions">Results by region</h2>
      <ScrollTable label="Results by region">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Eligible</th>
              <th scope="col">Took one</th>
              <th scope="col">Share</th>
              <th scope="col">Low / moderate / high</th>
              <th scope="col">Mean score</th>
              <th scope="col">
                <span className="visually-hidden">Records</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {regions.map((r) => {
              const name = r.region ?? 'No region';
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{shown(r.eligible)}</td>
                  <td>{shown(r.participants)}</td>
                  <td>{shown(r.participation_share, '%')}</td>
                  <td>{r.bands ? `${r.bands.low} / ${r.bands.moderate} / ${r.bands.high}` : 'fewer than 5'}</td>
                  <td>{r.bands ? (r.mean_score ?? '—') : 'fewer than 5'}</td>
                  <td>
                    {r.bands && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => open({ kind: 'region', value: r.region ?? '', label: `self-assessments in ${name}` })}
                      >
                        List records<span className="visually-hidden"> for {name}</span>
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
  const counts = REQUEST_STATUSES.map((s) => pipeline.requests[s] ?? 0);
  const evaluations = Object.entries(pipeline.evaluations);
  return (
    <section aria-labelledby="overview-pipeline">
      <h2 id="overview-pipeline">One-to-one evaluations</h2>
      <div className="card-grid health-grid">
        <div className="card health-stat">
          <p className="health-value">{pipeline.median_business_days ?? '—'}</p>
          <p className="health-label">Median business days to the report</p>
          <p className="health-detail">
            Promise: 2 to 5 business days. {pipeline.finalized_reports} reports finalized
            {pipeline.within_promise_share === null ? '' : `, ${pipeline.within_promise_share}% within 5 days`}.
          </p>
        </div>
        <div className="card health-stat">
          <p className="health-value">{shown(followUps.done_share, '%')}</p>
          <p className="health-label">Recommendations done</p>
          <p className="health-detail">
            {shown(followUps.answered)} follow-ups answered; {shown(followUps.in_progress_share, '%')} in progress.
          </p>
        </div>
        <div className="card health-stat">
          <p className="health-value">
            {followUps.discomfort_before === null ? 'fewer than 5' : `${followUps.discomfort_before} → ${followUps.discomfort_after}`}
          </p>
          <p className="health-label">Discomfort before and after</p>
          <p className="health-detail">Cornell score summed over body regions, at the request and at the follow-up.</p>
        </div>
      </div>
      <ChartFigure
        title="Evaluation requests by status"
        kind="bar"
        labelHeader="Status"
        labels={REQUEST_STATUSES.map(statusLabel)}
        summary={`${counts.reduce((a, b) => a + b, 0)} requests in the period: ${REQUEST_STATUSES.map((s, i) => `${counts[i]} ${s}`).join(', ')}.`}
        series={[{ label: 'Requests', values: counts }]}
        onOpen={(i) => open({ kind: 'request_status', value: REQUEST_STATUSES[i], label: `${REQUEST_STATUSES[i]} evaluation requests` })}
      />
      {evaluations.length > 0 && (
        <ChartFigure
          title="Evaluation reports by status"
          kind="bar"
          labelHeader="Status"
          labels={evaluations.map(([s]) => statusLabel(s))}
          summary={`${evaluations.reduce((a, [, n]) => a + n, 0)} reports started in the period, ${pipeline.evaluations.finalized ?? 0} of them finalized.`}
          series={[{ label: 'Reports', values: evaluations.map(([, n]) => n) }]}
        />
      )}
    </section>
  );
}
