import { useState, type FormEvent } from 'react';

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
  const [from, setFrom] = useState(period.from_month);
  const [to, setTo] = useState(period.to_month);
  const [chosen, setChosen] = useState<string[]>(period.regions);
  const [problem, setProblem] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(from) || !/^\d{4}-\d{2}$/.test(to)) return setProblem('Choose a first and a last month.');
    if (from > to) return setProblem('The first month must come before the last.');
    setProblem('');
    onApply({ from_month: from, to_month: to, ...(chosen.length ? { region: chosen.join(',') } : {}) });
  };
  return (
    <form className="overview-filters card" onSubmit={submit} aria-label="Period and regions">
      <div className="overview-field">
        <label htmlFor="overview-from">First month</label>
        <input id="overview-from" type="month" value={from} min="2021-01" onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="overview-field">
        <label htmlFor="overview-to">Last month</label>
        <input id="overview-to" type="month" value={to} min="2021-01" onChange={(e) => setTo(e.target.value)} />
      </div>
      {regions.length > 0 && (
        <fieldset className="overview-regions">
          <legend>Regions (none chosen: all)</legend>
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
      <button type="submit">Show figures</button>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
    </form>
  );
}
