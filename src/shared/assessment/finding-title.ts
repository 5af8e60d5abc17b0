/**
 * A finding's words by its id (content/assessments/common.yaml `findings`), the one rule for the
 * text keys of content/assessments/texts/<language>.yaml: the report (parse.ts) and the managers'
 * charts word a finding alike.
 */
export const findingTitleKey = (id: string): string => `finding.${id}.title`;
export const findingRecommendationKey = (id: string): string => `finding.${id}.recommendation`;

/** The keys of a texts file that title a finding, and only those (what the managers' pages carry). */
export const FINDING_TITLE = /^finding\.(.+)\.title$/;

export type FindingLabel = (id: string) => string;

/**
 * A finding's words from a table of finding titles (text key → words); a finding the texts do not
 * know (retired since it was recorded) reads as its id spaced out, never as a text key.
 */
export const findingLabel =
  (table: Readonly<Record<string, string>>): FindingLabel =>
  (id) =>
    table[findingTitleKey(id)] ?? id.replace(/[._]/g, ' ');
