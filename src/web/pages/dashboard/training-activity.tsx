import { useState } from 'react';
import { activityTrainingGrid } from '../../../../generated/grids';
import type { PageProps } from '../../app/page-props';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { ActivityFrame, ClientPicker, clientQuery, formatDay, useFigures } from './components/activity/activity-parts';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { FilterPanel } from '../../shell/filter-panel';

/**
 * docs/product.md "Training: the programme manager's figures": the client's enrolments made in a
 * period (the last twelve months unless chosen), with their state today, due and completed dates,
 * score and quiz attempts, filtered by region and course here and by state and name in the grid;
 * CSV and Excel export of the same list.
 */
export default function TrainingActivityPage({ route }: PageProps) {
  const t = useT();
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const [filters, setFilters] = useState({ region: '', course: '', from: '', to: '' });
  // A range that ends before it starts is not sent; the dates are corrected first.
  const rangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = clientQuery(clientId, rangeBackwards ? { ...filters, from: '', to: '' } : filters);
  const data = useFigures('activity_training', clientQuery(clientId, rangeBackwards ? {} : { from: filters.from, to: filters.to }));
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [name]: e.target.value });
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.training.failed')}>
      {(d) => (
        <>
          <ClientPicker clients={d.clients} value={d.client_id} onPick={setClientId} />
          <FilterPanel>
            <form className="activity-filters" aria-label={t('staff.training.filter')} onSubmit={(e) => e.preventDefault()}>
              <div className="field">
                <label htmlFor="tr-region">{t('staff.overview.region')}</label>
                <select id="tr-region" value={filters.region} onChange={set('region')}>
                  <option value="">{t('staff.all_regions')}</option>
                  {d.region_choices.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="tr-course">{t('staff.training.course')}</label>
                <select id="tr-course" value={filters.course} onChange={set('course')}>
                  <option value="">{t('staff.training.all_courses')}</option>
                  {d.courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="tr-from">{t('staff.from')}</label>
                <input id="tr-from" type="date" value={filters.from} onChange={set('from')} />
              </div>
              <div className="field">
                <label htmlFor="tr-to">{t('staff.to')}</label>
                <input id="tr-to" type="date" value={filters.to} onChange={set('to')} />
              </div>
            </form>
          </FilterPanel>
          {rangeBackwards ? (
            <p role="alert">{t('staff.range_backwards')}</p>
          ) : (
            <p>{t('staff.training.range', { from: formatDay(d.range.from), to: formatDay(d.range.to) })}</p>
          )}
          <ManifestGrid
            grid={activityTrainingGrid}
            idPrefix="enrolments"
            fixed={Object.fromEntries(new URLSearchParams(query.slice(1)))}
            extraExports={[{ label: t('staff.training.export_excel'), query: { format: 'xlsx' } }]}
          />
        </>
      )}
    </ActivityFrame>
  );
}
