import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/texts';
import { FilterPanel } from '../../../shell/filter-panel';

/**
 * The period (whole months) and regions of the overview; applying writes them into the address
 * (from_month, to_month, region) so the view can be shared and reloaded.
 */
export function OverviewFilters({
  period,
  regions,
  onApply,
}: {
  period: { from_month: string; to_month: string; regions: string[] };
  regions: string[];
  onApply: (q: Record<string, string>) => void;
}) {
  const t = useT();
  const [from, setFrom] = useState(period.from_month);
  const [to, setTo] = useState(period.to_month);
  const [chosen, setChosen] = useState<string[]>(period.regions);
  const [problem, setProblem] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(from) || !/^\d{4}-\d{2}$/.test(to)) return setProblem(t('staff.overview.choose_months'));
    if (from > to) return setProblem(t('staff.overview.months_order'));
    setProblem('');
    onApply({ from_month: from, to_month: to, ...(chosen.length ? { region: chosen.join(',') } : {}) });
  };
  return (
    <FilterPanel>
      <form className="overview-filters card" onSubmit={submit} aria-label={t('staff.overview.period_regions')}>
        <div className="overview-field">
          <label htmlFor="overview-from">{t('staff.overview.first_month')}</label>
          <input id="overview-from" type="month" value={from} min="2021-01" onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="overview-field">
          <label htmlFor="overview-to">{t('staff.overview.last_month')}</label>
          <input id="overview-to" type="month" value={to} min="2021-01" onChange={(e) => setTo(e.target.value)} />
        </div>
        {regions.length > 0 && (
          <fieldset className="overview-regions">
            <legend>{t('staff.overview.regions_legend')}</legend>
            {regions.map((r) => (
              <label key={r}>
                <input
                  type="checkbox"
                  checked={chosen.includes(r)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, r] : chosen.filter((c) => c !== r))}
                />{' '}
                {r}
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit">{t('staff.overview.show_figures')}</button>
        {problem && (
          <p role="alert" className="form-error">
            {problem}
          </p>
        )}
      </form>
    </FilterPanel>
  );
}
