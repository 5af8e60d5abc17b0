import type { WorkArea } from '../../../shared/assessment/types';
import type { T } from '../../i18n/texts';
import { formatDay } from '../../../shared/dates';

/** Names and labels the report pages share. */
export const AREA_NAMES: Record<string, string> = { office: 'Office', home: 'Home', anywhere: 'Anywhere', lab: 'Lab', travel: 'Travel' };

/** SPEC §3: every report status label is shown with its own colour class (report.css). */
export const STATUS_CLASSES: Record<string, string> = {
  Draft: 'status-draft',
  'Re-Review': 'status-re-review',
  'In Review': 'status-in-review',
  Hidden: 'status-hidden',
  'Evaluator Reviewed': 'status-evaluator-reviewed',
  'Evaluator QC Reviewed': 'status-evaluator-qc-reviewed',
  Finalized: 'status-finalized',
  Declined: 'status-declined',
  'Pending Client Approval': 'status-pending-client-approval',
};

/** A work area's name in the reader's language (the interface texts `report.area.<area>`). */
export const areaName = (t: T, area: string): string => (Object.hasOwn(AREA_NAMES, area) ? t(`report.area.${area as WorkArea}`) : area);

/** A score band's name in the reader's language. */
export const bandName = (t: T, band: string): string =>
  ['low', 'moderate', 'high'].includes(band) ? t(`report.band.${band as 'low' | 'moderate' | 'high'}`) : band;

export const statusClass = (status: string) => `status ${STATUS_CLASSES[status] ?? 'status-unknown'}`;

/** A day in the reader's language (src/shared/dates.ts, the one format of grids, pages, e-mails and PDFs). */
export function formatDate(value: string | Date, locale = 'en'): string {
  return formatDay(value, locale);
}
