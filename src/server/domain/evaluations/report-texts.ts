import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import YAML from 'yaml';
import { assessmentLanguage } from '../assessments/engine';

/**
 * The evaluation report's own words (title, headings, priorities, Yes/No, work areas …) for its page
 * and its Summary-Report PDF, so both read the same words (SPEC §2, §4). They are interface texts,
 * content/interface/<language>.yaml (reports and assessments section), read here for the employee's profile
 * language; the page shows what the server sends instead of looking them up itself, because the
 * report reads in the profile language even where the browser's language differs.
 *
 * Each is named by the key a client's wording uses (scope ergo-eval, fixed with the finalized report)
 * and maps to the interface key holding its words in every language.
 */
export const INTERFACE_KEYS = {
  'report.title': 'evaluation_report.title',
  'report.finalized': 'evaluation_report.finalized',
  'report.status': 'evaluation_report.status',
  'report.evaluator': 'evaluation_report.evaluator',
  'report.work_area': 'evaluation_report.work_area',
  'report.observations': 'evaluation_report.observations',
  'report.other_observations': 'evaluation_report.other_observations',
  'report.recommendations': 'evaluation_report.recommendations',
  'report.no_recommendations': 'evaluation_report.no_recommendations',
  'report.priority.high': 'evaluation_report.priority.high',
  'report.priority.medium': 'evaluation_report.priority.medium',
  'report.priority.low': 'evaluation_report.priority.low',
  'report.rosa': 'evaluation_report.rosa',
  'report.rosa_scale': 'evaluation_report.rosa_scale',
  'report.rosa_high': 'evaluation_report.rosa_high',
  'report.rosa_low': 'evaluation_report.rosa_low',
  'report.guide': 'evaluation_report.guide',
  'report.download': 'evaluation_report.download',
  'report.follow_up': 'evaluation_report.follow_up',
  'report.follow_up_link': 'report.follow_up_link',
  'report.answered_on': 'report.answered_on',
  'report.yes': 'evaluation_report.yes',
  'report.no': 'evaluation_report.no',
} as const;
export type ReportTextKey = keyof typeof INTERFACE_KEYS;
export type ReportTexts = Record<ReportTextKey, string>;
export const REPORT_TEXT_KEYS = Object.keys(INTERFACE_KEYS) as ReportTextKey[];

/** Work areas: the client's key (ergo-eval's work_areas, as on the request page) → the interface key. */
const AREA_KEYS: Record<string, string> = {
  Office: 'evaluation_report.area.office',
  Home: 'evaluation_report.area.home',
  Anywhere: 'evaluation_report.area.anywhere',
  Lab: 'evaluation_report.area.lab',
  Travel: 'evaluation_report.area.travel',
};

const FOLDER = resolve(import.meta.dirname, '../../../../content/interface');
const files = new Map<string, Readonly<Record<string, unknown>>>();

/** A language's interface texts, read once per process. */
function interfaceTexts(language: string): Readonly<Record<string, unknown>> {
  let texts = files.get(language);
  if (!texts) {
    texts = (YAML.parse(readFileSync(resolve(FOLDER, `${language}.yaml`), 'utf8')) ?? {}) as Record<string, unknown>;
    files.set(language, texts);
  }
  return texts;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * The report's words in the employee's profile language (English for a language the product does not
 * speak, and for a text that language lacks); the client's own wording for that language wins where it
 * has one (SPEC §2).
 */
export function reportTexts(language: string | null | undefined, wording: Readonly<Record<string, unknown>>) {
  const own = interfaceTexts(assessmentLanguage(language));
  const english = interfaceTexts('en');
  const pick = (clientKey: string, interfaceKey: string) =>
    text(wording[clientKey]) ?? text(own[interfaceKey]) ?? text(english[interfaceKey]) ?? clientKey;
  const texts = Object.fromEntries(REPORT_TEXT_KEYS.map((key) => [key, pick(key, INTERFACE_KEYS[key])])) as ReportTexts;
  /** A work area (Office, Lab …) in the same language, the client's wording first; an unknown one as stored. */
  const workArea = (area: string) =>
    AREA_KEYS[area] ? pick(`work_areas.${area}`, AREA_KEYS[area]) : (text(wording[`work_areas.${area}`]) ?? area);
  return { texts, workArea };
}
