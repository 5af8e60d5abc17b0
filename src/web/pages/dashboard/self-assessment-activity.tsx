import { useState } from 'react';
import { activitySelfAssessmentsGrid } from '../../../../generated/grids';
import type { PageProps } from '../../app/page-props';
import { DeferredManifestGrid } from '../../components/grid/deferred-grid';
import {
  ActivityFrame,
  AREAS,
  BANDS,
  bandTitle,
  ClientPicker,
  FigureTable,
  StatCards,
  clientQuery,
  figure,
  formatDay,
  useFigures,
} from './components/activity/activity-parts';
import { areaName } from '../../components/reports/report-labels';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { FilterPanel } from '../../shell/filter-panel';
import { monthName } from './components/overview-data';

/**
 * SPEC §2 /user/self-assessment-activity: the client's self-assessments over a period (the last
 * twelve months unless chosen): started and submitted per month, by work area, band and region, and
 * the latest submissions with a link to each report.
 */
export default function SelfAssessmentActivityPage({ route }: PageProps) {
  const t = useT();
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const [filters, setFilters] = useState({ region: '', area: '', band: '', from: '', to: '' });
  // A range that ends before it starts is not sent; the dates are corrected first.
  const rangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = clientQuery(clientId, rangeBackwards ? { ...filters, from: '', to: '' } : filters);
  const data = useFigures('activity_self_assessments', query);
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [name]: e.target.value });
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.sa.failed')}>
      {(d) => {
        return (
          <>
            <ClientPicker clients={d.clients} value={d.client_id} onPick={setClientId} />
            <FilterPanel>
              <form className="activity-filters" aria-label={t('staff.sa.filter')} onSubmit={(e) => e.preventDefault()}>
                <div className="field">
                  <label htmlFor="sa-region">{t('staff.overview.region')}</label>
                  <select id="sa-region" value={filters.region} onChange={set('region')}>
                    <option value="">{t('staff.all_regions')}</option>
                    {d.region_choices.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="sa-area">{t('report.work_area')}</label>
                  <select id="sa-area" value={filters.area} onChange={set('area')}>
                    <option value="">{t('staff.all_areas')}</option>
                    {AREAS.map((k) => (
                      <option key={k} value={k}>
                        {areaName(t, k)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="sa-band">{t('staff.band')}</label>
                  <select id="sa-band" value={filters.band} onChange={set('band')}>
                    <option value="">{t('staff.all_bands')}</option>
                    {BANDS.map((k) => (
                      <option key={k} value={k}>
                        {bandTitle(t, k)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="sa-from">{t('staff.from')}</label>
                  <input id="sa-from" type="date" value={filters.from} onChange={set('from')} />
                </div>
                <div className="field">
                  <label htmlFor="sa-to">{t('staff.to')}</label>
                  <input id="sa-to" type="date" value={filters.to} onChange={set('to')} />
                </div>
              </form>
            </FilterPanel>
            {rangeBackwards ? (
              <p role="alert">{t('staff.range_backwards')}</p>
            ) : (
              <p>{t('staff.range', { from: formatDay(d.range.from), to: formatDay(d.range.to) })}</p>
            )}
            <StatCards
              label={t('staff.overview.assessments_in_period')}
              items={[
                { label: t('staff.sa.started'), value: figure(d.totals.started) },
                { label: t('staff.sa.submitted'), value: figure(d.totals.submitted) },
                { label: t('staff.sa.completion'), value: figure(d.totals.completion, '%') },
                { label: t('staff.sa.employees_submitted'), value: figure(d.totals.employees) },
              ]}
            />
            <h2>{t('staff.per_month')}</h2>
            <FigureTable
              caption={t('staff.sa.per_month_caption')}
              head={[t('staff.overview.month'), t('staff.sa.started'), t('staff.sa.submitted')]}
              rows={d.months.map((m) => [monthName(m.month), figure(m.started), figure(m.submitted)])}
              empty={t('staff.no_month')}
            />
            <h2>{t('staff.per_area')}</h2>
            <FigureTable
              caption={t('staff.sa.per_area_caption')}
              head={[t('report.work_area'), t('staff.sa.submitted'), t('staff.average_score')]}
              rows={d.areas.map((a) => [areaName(t, a.area), figure(a.submitted), figure(a.average_score)])}
              empty={t('staff.sa.none_submitted')}
            />
            <h2>{t('staff.per_band')}</h2>
            <FigureTable
              caption={t('staff.sa.per_band_caption')}
              head={[t('staff.band'), t('staff.sa.submitted')]}
              rows={d.bands.map((b) => [bandTitle(t, b.band), figure(b.submitted)])}
              empty=""
            />
            <h2>{t('staff.per_region')}</h2>
            <p>{t('staff.small_groups')}</p>
            <FigureTable
              caption={t('staff.sa.per_region_caption')}
              head={[
                t('staff.overview.region'),
                t('staff.employees'),
                t('staff.sa.submitted'),
                t('staff.average_score'),
                t('staff.high_risk'),
              ]}
              rows={d.regions.map((r) => [
                r.region ?? t('staff.overview.no_region'),
                figure(r.employees),
                figure(r.submitted),
                figure(r.average_score),
                figure(r.high_risk),
              ])}
              empty={t('staff.sa.none_submitted')}
            />
            <h2>{t('staff.sa.latest')}</h2>
            <DeferredManifestGrid
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
