/**
 * Sections of content/interface/<language>.yaml read only by some pages, each shipped as its own chunk
 * (`<language>.yaml?staff`, `?reports`: src/web/build/interface-texts-plugin.ts; loaded by texts.ts),
 * so that the public and guidance pages carry neither (page-weight bench):
 * - staff: the admin center, the programme, client-manager and evaluator pages;
 * - reports: the self-assessment, the evaluation request and the reports.
 */
export const TEXT_PARTS = {
  staff: ['admin center', 'staff pages', "the evaluator's inbox, starting an evaluation and the report form's side panel", 'learning systems'],
  reports: ['reports and assessments'],
} as const;
export type TextPart = keyof typeof TEXT_PARTS;

/**
 * The keys of the reports part (and only they are in it: tests/unit/i18n/staff-split.test.ts), so the
 * part a missing text belongs to can be told from its key.
 */
export const REPORT_KEY = /^(report|evaluation|evaluation_report|assessment)\./;

/** Page keys (page-registry.ts) whose pages read each part; awaited with the page's chunk. */
export const PART_PAGES: Readonly<Record<TextPart, RegExp>> = {
  staff: /^(admin|dashboard)\/|^site\/style-guide$/,
  reports: /^(reports|assessment|dashboard)\/|^admin\/summary-reports$/,
};
