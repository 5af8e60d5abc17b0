import type { CmdqRegion } from '../../../../shared/assessment/cmdq-regions';
import type { BodyRegionScore } from '../../../../shared/assessment/types';
import type { PageText } from '../../../components/assessment/page-text';

/**
 * Where each CMDQ region sits on a front-facing figure (the person's left is on the viewer's right).
 * Coordinates in the 200 × 420 view box below.
 */
const POSITIONS: Record<CmdqRegion, [number, number]> = {
  neck: [100, 62],
  shoulder_right: [70, 82],
  shoulder_left: [130, 82],
  upper_back: [100, 100],
  upper_arm_right: [58, 120],
  upper_arm_left: [142, 120],
  lower_back: [100, 165],
  forearm_right: [48, 170],
  forearm_left: [152, 170],
  wrist_right: [42, 205],
  wrist_left: [158, 205],
  hip_buttocks: [100, 200],
  thigh_right: [85, 250],
  thigh_left: [115, 250],
  knee_right: [84, 290],
  knee_left: [116, 290],
  lower_leg_right: [83, 330],
  lower_leg_left: [117, 330],
  foot_right: [80, 395],
  foot_left: [120, 395],
};
/** A report's region is a string from stored answers; an unknown one is listed but not placed. */
const place = (region: string): [number, number] | undefined => (POSITIONS as Readonly<Partial<Record<string, [number, number]>>>)[region];
const colour = (score: number) => (score >= 30 ? '#b3261e' : score >= 10 ? '#c77700' : '#2e8b57');

/**
 * The report's body map of discomfort (CMDQ scores 0–90, Hedge et al. 1999) as inline SVG: a circle
 * per region that ached, sized and coloured by its score, each with a title; the same figures follow
 * as a list for screen readers and for regions the figure does not place.
 */
export function BodyMap({ regions, t }: { regions: readonly BodyRegionScore[]; t: PageText }) {
  const sore = regions.filter((r) => r.score > 0).sort((a, b) => b.score - a.score);
  return (
    <figure className="body-map">
      <svg viewBox="0 0 200 420" role="img" aria-labelledby="body-map-title">
        <title id="body-map-title">{t('ui.report.discomfort')}</title>
        <g fill="none" stroke="#8a8a8a" strokeWidth="3" strokeLinecap="round">
          <circle cx="100" cy="32" r="22" />
          <path d="M100 54 V62 M70 80 Q100 70 130 80 L122 200 H78 Z" />
          <path d="M70 80 L50 150 L40 210 M130 80 L150 150 L160 210" />
          <path d="M85 200 L84 300 L80 400 M115 200 L116 300 L120 400" />
        </g>
        {sore
          .flatMap((r) => {
            const at = place(r.region);
            return at ? [{ ...r, at }] : [];
          })
          .map((r) => {
            const [x, y] = r.at;
            return (
              <circle key={r.region} cx={x} cy={y} r={6 + Math.min(90, r.score) / 6} fill={colour(r.score)} fillOpacity="0.75">
                <title>{`${r.label}: ${r.score}`}</title>
              </circle>
            );
          })}
      </svg>
      <figcaption>
        {sore.length === 0 ? (
          t('ui.report.no_discomfort')
        ) : (
          <ul>
            {sore.map((r) => (
              <li key={r.region}>
                {r.label}: {r.score} / 90
              </li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}
