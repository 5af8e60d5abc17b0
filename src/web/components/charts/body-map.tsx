import { useId, useState } from 'react';
import { CMDQ_REGIONS, type CmdqRegion } from '../../../shared/assessment/cmdq-regions';
import { currentT, useT } from '../../i18n/texts';
import type { InterfaceKey } from '../../i18n/keys';
import './charts.css';

export interface BodyRegionFigure {
  readonly region: CmdqRegion;
  /** Share of employees reporting discomfort there (%), or null when fewer than 5 (SPEC §1 small groups). */
  readonly share: number | null;
  readonly people: number | null;
  readonly mean: number | null;
}

/** Where each Cornell region sits on the front-view figure (the person's right on the viewer's left). */
const SHAPES: Record<CmdqRegion, [number, number, number, number]> = {
  neck: [88, 48, 24, 16],
  shoulder_right: [50, 66, 30, 20],
  shoulder_left: [120, 66, 30, 20],
  upper_back: [82, 68, 36, 42],
  upper_arm_right: [44, 88, 20, 50],
  upper_arm_left: [136, 88, 20, 50],
  lower_back: [82, 112, 36, 40],
  forearm_right: [38, 140, 20, 50],
  forearm_left: [142, 140, 20, 50],
  wrist_right: [34, 192, 22, 22],
  wrist_left: [144, 192, 22, 22],
  hip_buttocks: [76, 154, 48, 30],
  thigh_right: [76, 186, 23, 70],
  thigh_left: [101, 186, 23, 70],
  knee_right: [76, 258, 23, 22],
  knee_left: [101, 258, 23, 22],
  lower_leg_right: [77, 282, 21, 70],
  lower_leg_left: [102, 282, 21, 70],
  foot_right: [70, 354, 28, 16],
  foot_left: [102, 354, 28, 16],
};
/** Sequential blues, light to dark; the darkest steps take white outlines so edges stay visible. */
const STEPS: readonly { upTo: number; color: string; label: InterfaceKey }[] = [
  { upTo: 0, color: '#f2f2f2', label: 'staff.body.step_none' },
  { upTo: 10, color: '#c6dbef', label: 'staff.body.step_under_10' },
  { upTo: 25, color: '#6baed6', label: 'staff.body.step_10_24' },
  { upTo: 40, color: '#2171b5', label: 'staff.body.step_25_39' },
  { upTo: Infinity, color: '#08306b', label: 'staff.body.step_40' },
];
const stepOf = (share: number) => STEPS.find((s, i) => (i === 0 ? share === 0 : share < s.upTo)) ?? STEPS[STEPS.length - 1];

/** "shoulder_left" → "Shoulder (left)", as the Cornell chart names its regions, in the reader's language. */
export function regionLabel(region: string): string {
  const t = currentT();
  const key = `staff.region.${region}` as InterfaceKey;
  const text = t(key);
  return text === key ? region : text;
}

/**
 * The body-map heat map of the Cornell regions (Hedge et al. 1999): each region shaded by the share
 * of employees reporting discomfort there, with a legend, a text summary and a table alternative;
 * regions reported by fewer than five people are hatched and read "fewer than 5" (SPEC §1).
 */
export function BodyMap({
  title,
  summary,
  regions,
  onOpen,
}: {
  title: string;
  summary: string;
  regions: readonly BodyRegionFigure[];
  onOpen?: (region: CmdqRegion) => void;
}) {
  const t = useT();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const by = new Map(regions.map((r) => [r.region, r]));
  return (
    <figure className="chart-figure" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="chart-toggle" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? t('staff.body.show_map') : t('staff.chart.show_table')}
        </button>
      </div>
      <figcaption className="chart-summary">{summary}</figcaption>
      {asTable ? (
        <div className="chart-table" role="region" aria-label={t('staff.chart.as_table', { title })} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('staff.body.region')}</th>
                <th scope="col">{t('staff.body.people')}</th>
                <th scope="col">{t('staff.body.share')}</th>
                <th scope="col">{t('staff.body.mean')}</th>
                {onOpen && (
                  <th scope="col">
                    <span className="visually-hidden">{t('staff.chart.records')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {CMDQ_REGIONS.map((region) => {
                const r = by.get(region);
                const hidden = !r || r.share === null;
                return (
                  <tr key={region}>
                    <th scope="row">{regionLabel(region)}</th>
                    <td>{hidden ? t('staff.fewer_than_5') : r.people}</td>
                    <td>{hidden ? t('staff.fewer_than_5') : `${r.share}%`}</td>
                    <td>{hidden || r.mean === null ? '—' : r.mean}</td>
                    {onOpen && (
                      <td>
                        {!hidden && (r.people ?? 0) > 0 && (
                          <button type="button" className="link-button" onClick={() => onOpen(region)}>
                            {t('staff.chart.list_records')}
                            <span className="visually-hidden"> {t('staff.for_label', { label: regionLabel(region) })}</span>
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="body-map">
          <svg viewBox="0 0 200 380" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
            <desc id={`${id}-desc`}>{summary}</desc>
            <defs>
              <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#fff" />
                <line x1="0" y1="0" x2="0" y2="6" stroke="#555" strokeWidth="2" />
              </pattern>
            </defs>
            <circle cx="100" cy="26" r="19" fill="#f2f2f2" stroke="#333" />
            {CMDQ_REGIONS.map((region) => {
              const [x, y, w, h] = SHAPES[region];
              const r = by.get(region);
              const hidden = !r || r.share === null;
              const fill = hidden ? `url(#${id}-hatch)` : stepOf(r.share!).color;
              return (
                <rect
                  key={region}
                  x={x}
                  y={y}
                  width={w}
                  height={h}
                  rx="5"
                  fill={fill}
                  stroke={!hidden && (r.share ?? 0) >= 25 ? '#fff' : '#333'}
                  strokeWidth="1.2"
                >
                  <title>{`${regionLabel(region)}: ${hidden ? t('staff.fewer_than_5') : `${r.share}%`}`}</title>
                </rect>
              );
            })}
          </svg>
          <div>
            <p className="visually-hidden">{t('staff.body.legend')}</p>
            <ul className="body-map-legend">
              {STEPS.map((s) => (
                <li key={s.label}>
                  <span className="body-map-swatch" style={{ background: s.color }} aria-hidden="true" />
                  {t(s.label)}
                </li>
              ))}
              <li>
                <svg width="18" height="18" aria-hidden="true">
                  <rect width="18" height="18" fill={`url(#${id}-hatch)`} stroke="#333" />
                </svg>
                {t('staff.fewer_than_5')}
              </li>
            </ul>
          </div>
        </div>
      )}
    </figure>
  );
}
