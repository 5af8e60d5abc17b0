/**
 * The words the questionnaire and report pages and the Summary-Report PDF show around the engine's
 * texts: buttons, progress, headings, risk bands and the three CMDQ scales (Hedge, Morimoto &
 * McCrobie 1999). They live in content/assessments/texts like every other text, so an employee reads
 * the whole page in their profile language (SPEC §2) and a client's wording can replace them.
 */
import type { QuestionnaireSource } from './source';
import { translator } from './texts';
import type { AssessmentLanguage, TextOverrides } from './types';

export const UI_KEYS = [
  'ui.progress',
  'ui.previous',
  'ui.next',
  'ui.submit',
  'ui.later',
  'ui.saving',
  'ui.submitting',
  'ui.loading',
  'ui.please_answer',
  'ui.cmdq.region',
  'ui.cmdq.frequency',
  'ui.cmdq.discomfort',
  'ui.cmdq.interference',
  'ui.cmdq.frequency.0',
  'ui.cmdq.frequency.1',
  'ui.cmdq.frequency.2',
  'ui.cmdq.frequency.3',
  'ui.cmdq.frequency.4',
  'ui.cmdq.discomfort.1',
  'ui.cmdq.discomfort.2',
  'ui.cmdq.discomfort.3',
  'ui.cmdq.interference.0',
  'ui.cmdq.interference.1',
  'ui.cmdq.interference.2',
  'ui.report.title',
  'ui.report.submitted',
  'ui.report.download',
  'ui.report.overall',
  'ui.report.out_of',
  'ui.band.low',
  'ui.band.moderate',
  'ui.band.high',
  'ui.severity.low',
  'ui.severity.moderate',
  'ui.severity.high',
  'ui.report.action',
  'ui.report.findings',
  'ui.report.no_findings',
  'ui.report.parts',
  'ui.report.discomfort',
  'ui.report.no_discomfort',
  'ui.report.history',
  'ui.report.this_report',
  'ui.report.change',
  'ui.report.previous',
  'ui.report.resolved',
  'ui.report.new',
  'ui.report.part',
  'ui.report.before',
  'ui.report.now',
  'ui.report.top_actions',
  'ui.report.top_actions_intro',
  'ui.report.group.high',
  'ui.report.group.moderate',
  'ui.report.group.low',
  'ui.report.need_attention',
  'ui.report.lower_better',
  'ui.report.before_after',
  'ui.signup.title',
  'ui.signup.intro',
  'ui.signup.continue_heading',
  'ui.signup.continue',
  'ui.signup.saved',
  'ui.signup.where',
  'ui.signup.hint.office',
  'ui.signup.hint.home',
  'ui.signup.hint.anywhere',
  'ui.signup.hint.lab',
  'ui.signup.hint.travel',
  'ui.signup.from_previous',
  'ui.signup.start',
  'ui.signup.starting',
  'ui.signup.previous',
  'ui.signup.none',
] as const;
export type UiKey = (typeof UI_KEYS)[number];
export type UiTexts = Readonly<Record<UiKey, string>>;

/** Every page text in one language (falling back key by key to English, as the engine does). */
export function uiTexts(source: QuestionnaireSource, language: AssessmentLanguage, overrides: TextOverrides = {}): UiTexts {
  const t = translator(source, language, overrides);
  return Object.fromEntries(UI_KEYS.map((k) => [k, t(k)])) as UiTexts;
}

/** Fills {name} placeholders of a page text (the same rule as the engine's translator). */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
