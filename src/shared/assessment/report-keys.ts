/**
 * Text keys of the report that do not come from a questionnaire: part labels and explanations,
 * summaries, body regions and the change sentence. Kept in one place so the loader can check that
 * English has every one of them and translators see the full list (content/assessments/README.md).
 */
import { CMDQ_REGIONS } from './cmdq-regions';
import { HSE_GROUPS } from './source';
import type { RiskBand } from './types';

export const ROSA_PARTS = ['rosa.chair', 'rosa.monitor_phone', 'rosa.mouse_keyboard', 'rosa.peripherals'] as const;
export const HSE_PARTS = HSE_GROUPS.map((g) => `hse.${g}` as const);
/** The area's own findings (lab, travel, anywhere items outside the HSE groups). */
export const AREA_PART = 'area.checklist';
export const CMDQ_PART = 'cmdq.total';
export const ALL_PARTS: readonly string[] = [...ROSA_PARTS, ...HSE_PARTS, AREA_PART, CMDQ_PART];

export const partLabelKey = (partId: string) => `part.${partId}.label`;
export const partExplanationKey = (partId: string) => `part.${partId}.explanation`;
export const regionKey = (region: string) => `region.${region}`;
export const BANDS: readonly RiskBand[] = ['low', 'moderate', 'high'];
/** Headline sentence by method ("rosa" or "share") and band. */
export const summaryKey = (method: 'rosa' | 'share', band: RiskBand) => `summary.${method}.${band}`;
export const SUMMARY_FINDINGS_NONE = 'summary.findings.none';
export const SUMMARY_FINDINGS_SOME = 'summary.findings.some';
export const SUMMARY_DISCOMFORT = 'summary.discomfort';
export const CHANGE_KEYS = { better: 'change.better', worse: 'change.worse', same: 'change.same' } as const;
/** Findings raised by the CMDQ grid (not by an answer option), one per region group. */
export const CMDQ_FINDINGS = ['cmdq.neck_shoulders', 'cmdq.back', 'cmdq.arms_hands', 'cmdq.legs_feet'] as const;

/** Every fixed report key. */
export function fixedReportKeys(): string[] {
  return [
    ...ALL_PARTS.flatMap((p) => [partLabelKey(p), partExplanationKey(p)]),
    ...CMDQ_REGIONS.map(regionKey),
    ...BANDS.flatMap((b) => [summaryKey('rosa', b), summaryKey('share', b)]),
    SUMMARY_FINDINGS_NONE,
    SUMMARY_FINDINGS_SOME,
    SUMMARY_DISCOMFORT,
    ...Object.values(CHANGE_KEYS),
  ];
}
