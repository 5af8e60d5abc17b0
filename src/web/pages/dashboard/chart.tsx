import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import ChartSamples from '../../components/charts/chart-samples';
import '../../components/content/content.css';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/chart, §9 "chart datasets cover 2021 to the current year with 12 monthly values
 * (sample data)": the chart components with sample figures for a chosen year, for any signed-in user.
 */
export default function ChartPage({ route }: PageProps) {
  const t = useT();
  const current = new Date().getFullYear();
  const [year, setYear] = useState(current);
  const years = Array.from({ length: current - 2020 }, (_, i) => 2021 + i);
  return (
    <section className="content" aria-labelledby="page-heading">
      <h1 id="page-heading">{routeTitle(t, route)}</h1>
      <p>{t('staff.chart.page_intro')}</p>
      <p>
        <label htmlFor="chart-year">{t('staff.chart.year')} </label>
        <select id="chart-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </p>
      <ChartSamples year={year} />
    </section>
  );
}
