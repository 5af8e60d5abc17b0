/**
 * How a part's score reads, in the report page and the PDF alike. The HSE DSE checklist groups and
 * an area's own checklist count the answers that need attention (a score of 2 out of 2 means both
 * checks failed), so they read "2 of 2 need attention"; the ROSA parts and the CMDQ total are
 * risk scores where lower is better (Sonne, Villalta & Andrews 2012; Hedge et al. 1999).
 */
import { AREA_PART, HSE_PARTS } from './report-keys';

type Fill = (key: 'ui.report.need_attention' | 'ui.report.out_of', values: Readonly<Record<string, string | number>>) => string;

const CHECK_PARTS: ReadonlySet<string> = new Set([...HSE_PARTS, AREA_PART]);

/** True for the parts that count failed checks rather than score a risk. */
export const countsChecks = (partId: string) => CHECK_PARTS.has(partId);

/** "2 of 2 need attention" for a checklist part, "5 out of 10" for a risk score. */
export function partScoreText(part: { readonly id: string; readonly score: number; readonly max: number }, t: Fill): string {
  return countsChecks(part.id)
    ? t('ui.report.need_attention', { count: part.score, total: part.max })
    : `${part.score} ${t('ui.report.out_of', { max: part.max })}`;
}

/** The three findings to act on first: the findings come sorted by severity, most severe first. */
export const TOP_ACTIONS = 3;
