import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/texts';
import { prefersReducedMotion, SERIES } from './chart-style';
import './charts.css';

/**
 * chart.js (about 58 kB gzipped) is fetched when the figure's module loads and draws once it arrives,
 * so the page's headings, figures and text alternatives show without waiting for it (page budgets,
 * src/web/build/page-budgets.ts); the canvas keeps its height meanwhile, so nothing moves.
 */
let chartModule: Promise<typeof import('./chart-setup')> | null = null;
const loadChart = () => (chartModule ??= import('./chart-setup'));
if (typeof window !== 'undefined') void loadChart();

export interface ChartSeries {
  readonly label: string;
  /** One value per label; null is a suppressed figure ("fewer than 5"). */
  readonly values: readonly (number | null)[];
}

export interface ChartFigureProps {
  readonly title: string;
  /** The text alternative: one sentence saying what the chart shows (WCAG 1.1.1). */
  readonly summary: string;
  readonly kind: 'bar' | 'line';
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** The header of the label column in the table view, e.g. "Month". */
  readonly labelHeader: string;
  /** Bars side by side (false) or stacked (true). */
  readonly stacked?: boolean;
  /** Horizontal bars, for long labels such as finding titles. */
  readonly horizontal?: boolean;
  /** How a value reads in the table, e.g. (v) => `${v}%`. */
  readonly format?: (value: number) => string;
  /** Opens the records behind one label (drill-down); offered as a button per table row and a click on the chart. */
  readonly onOpen?: (index: number) => void;
  readonly openLabel?: string;
}

/**
 * A chart with a visible title, a one-sentence text alternative and a "Show as table" toggle that
 * shows the same data as an accessible table (WCAG 1.1.1, 1.4.1). Works at 390 px: the canvas
 * follows its container's width.
 *
 * @example
 *   <ChartFigure title="Self-assessments per month" summary="Rose from 40 in Jan to 95 in Jun." kind="line"
 *     labels={['Jan', 'Feb']} series={[{ label: 'Self-assessments', values: [40, 95] }]} labelHeader="Month" />
 */
export function ChartFigure(props: ChartFigureProps) {
  const { title, summary, kind, labels, series, labelHeader, stacked, horizontal, format = String, onOpen } = props;
  const t = useT();
  const openLabel = props.openLabel ?? t('staff.chart.list_records');
  const [asTable, setAsTable] = useState(false);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const id = useId();
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (asTable || !canvas.current) return;
    const target = canvas.current;
    let chart: { destroy(): void } | null = null;
    let live = true;
    void loadChart().then(({ Chart }) => {
      if (!live) return;
      chart = new Chart(target, {
        type: kind,
        data: {
          labels: [...labels],
          datasets: series.map((s, i) => {
            const style = SERIES[i % SERIES.length];
            return {
              label: s.label,
              data: [...s.values],
              backgroundColor: style.color,
              borderColor: style.color,
              borderDash: kind === 'line' ? [...style.dash] : undefined,
              pointStyle: style.point,
              pointRadius: kind === 'line' ? 2 : undefined,
              borderWidth: kind === 'line' ? 2 : 0,
            };
          }),
        },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: prefersReducedMotion() ? false : { duration: 400 },
          plugins: { legend: { display: series.length > 1, labels: { usePointStyle: true } } },
          scales: {
            x: { stacked, beginAtZero: true, ticks: { autoSkip: true, maxRotation: 0 } },
            y: { stacked, beginAtZero: true, ticks: { autoSkip: !horizontal } },
          },
          onClick: (_event, elements) => {
            if (elements[0] && open.current) open.current(elements[0].index);
          },
        },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [asTable, kind, labels, series, stacked, horizontal]);

  const height = horizontal ? Math.max(180, labels.length * 34) : 260;
  return (
    <figure className="chart-figure" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="chart-toggle" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? t('staff.chart.show_chart') : t('staff.chart.show_table')}
        </button>
      </div>
      <figcaption className="chart-summary">{summary}</figcaption>
      {asTable ? (
        <div className="chart-table" role="region" aria-label={t('staff.chart.as_table', { title })} tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
                {onOpen && (
                  <th scope="col">
                    <span className="visually-hidden">{t('staff.chart.records')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] === null ? t('staff.fewer_than_5') : format(s.values[i]!)}</td>
                  ))}
                  {onOpen && (
                    <td>
                      <button type="button" className="link-button" onClick={() => onOpen(i)}>
                        {openLabel}
                        <span className="visually-hidden"> {t('staff.for_label', { label })}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="chart-canvas" style={{ height }}>
          <canvas ref={canvas} role="img" aria-label={`${title}. ${summary}`} />
        </div>
      )}
    </figure>
  );
}
