import { useState } from 'react';
import { activitySelfAssessmentsGrid } from '../../../../generated/grids';
import type { PageProps } from '../../app/page-props';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import {
  ActivityFrame,
  AREA_NAMES,
  BAND_NAMES,
  ClientPicker,
  FigureTable,
  StatCards,
  clientQuery,
  figure,
  formatDay,
  useFigures,
} from './components/activity/activity-parts';

const monthName = (m: string) =>
  new Date(`${m}-01T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * SPEC §2 /user/self-assessment-activity: the client's self-assessments over a period (the last
 * twelve months unless chosen): started and submitted per month, by work area, band and region, and
 * the latest submissions with a link to each report.
 */
export default function SelfAssessmentActivityPage({ route }: PageProps) {
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const [filters, setFilters] = useState({ region: '', area: '', band: '', from: '', to: '' });
  // A range that ends before it starts is not sent; the dates are corrected first.
  const rangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = clientQuery(clientId, rangeBackwards ? { ...filters, from: '', to: '' } : filters);
  const data = useFigures('activity_self_assessments', query);
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [name]: e.target.value });
  return (
    <ActivityFrame
      title={route.title}
      state={data}
      failure="The self-assessment figures could not be loaded. Check the dates, or try again."
    >
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} onPick={setClientId} />
            <form className="activity-filters" aria-label="Filter the self-assessments" onSubmit={(e) => e.preventDefault()}>
              <div className="field">
                <label htmlFor="sa-region">Region</label>
                <select id="sa-region" value={filters.region} onChange={set('region')}>
                  <option value="">All regions</option>
                  {d.region_choices.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="sa-area">Work area</label>
                <select id="sa-area" value={filters.area} onChange={set('area')}>
                  <option value="">All areas</option>
                  {Object.entries(AREA_NAMES).map(([k, v]) => (
                    <option key={k} value={k}>
                      {v}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="sa-band">Band</label>
                <select id="sa-band" value={filters.band} onChange={set('band')}>
                  <option value="">All bands</option>
                  {Object.entries(BAND_NAMES).map(([k, v]) => (
                    <option key={k} value={k}>
                      {v}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="sa-from">From</label>
                <input id="sa-from" type="date" value={filters.from} onChange={set('from')} />
              </div>
              <div className="field">
                <label htmlFor="sa-to">To</label>
                <input id="sa-to" type="date" value={filters.to} onChange={set('to')} />
              </div>
            </form>
            {rangeBackwards ? (
              <p role="alert">The start date must be on or before the end date.</p>
            ) : (
              <p>
                From {formatDay(d.range.from)} to {formatDay(d.range.to)}.
              </p>
            )}
            <StatCards
              label="Self-assessments in the period"
              items={[
                { label: 'Started', value: d.totals.started },
                { label: 'Submitted', value: d.totals.submitted },
                { label: 'Completion of those started', value: d.totals.completion === null ? '–' : `${d.totals.completion}%` },
                { label: 'Employees who submitted', value: d.totals.employees },
              ]}
            />
            <h2>Per month</h2>
            <FigureTable
              caption="Self-assessments started and submitted per month"
              head={['Month', 'Started', 'Submitted']}
              rows={d.months.map((m) => [monthName(m.month), m.started, m.submitted])}
              empty="No month in the period."
            />
            <h2>Per work area</h2>
            <FigureTable
              caption="Submitted self-assessments per work area"
              head={['Work area', 'Submitted', 'Average score']}
              rows={d.areas.map((a) => [AREA_NAMES[a.area] ?? a.area, a.submitted, figure(a.average_score)])}
              empty="No self-assessment was submitted in the period."
            />
            <h2>Per risk band</h2>
            <FigureTable
              caption="Submitted self-assessments per risk band"
              head={['Band', 'Submitted']}
              rows={d.bands.map((b) => [BAND_NAMES[b.band], b.submitted])}
              empty=""
            />
            <h2>Per region</h2>
            <p>Figures about fewer than 5 employees are not shown, so no one can be recognised.</p>
            <FigureTable
              caption="Submitted self-assessments per region"
              head={['Region', 'Employees', 'Submitted', 'Average score', 'High risk']}
              rows={d.regions.map((r) => [
                r.region ?? 'No region',
                figure(r.employees),
                figure(r.submitted),
                figure(r.average_score),
                figure(r.high_risk),
              ])}
              empty="No self-assessment was submitted in the period."
            />
            <h2>Latest submissions</h2>
            <ManifestGrid
              grid={activitySelfAssessmentsGrid}
              idPrefix="submissions"
              fixed={Object.fromEntries(new URLSearchParams(query.slice(1)))}
            />
          </>
        );
      }}
    </ActivityFrame>
  );
}
