/**
 * The self-assessment model shared by the server (loading, scoring, storing, PDF) and the browser
 * (taking the questionnaire, showing the report). Questionnaires are data under
 * content/assessments/; the server loads them and sends them to the browser through the API, so the
 * browser never bundles them.
 *
 * Scoring follows published methods (docs/architecture.md "Self-assessment scoring"): ROSA for seated
 * computer work, the UK HSE DSE workstation checklist for yes/no findings and the Cornell
 * Musculoskeletal Discomfort Questionnaire for discomfort by body region.
 */

/** SPEC §1: the work-area types. */
export const WORK_AREAS = ['office', 'home', 'anywhere', 'lab', 'travel'] as const;
export type WorkArea = (typeof WORK_AREAS)[number];

/** The user languages of the admin language pages (SPEC §2 Admin routes). */
export const ASSESSMENT_LANGUAGES = ['en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de'] as const;
export type AssessmentLanguage = (typeof ASSESSMENT_LANGUAGES)[number];

/** Show a section or question only when another question's answer matches. */
export interface Condition {
  readonly question: string;
  /** Shown when the answer equals (or, for multi answers, contains) any of these option ids. */
  readonly anyOf: readonly string[];
}

export interface AnswerOption {
  readonly id: string;
  /** Text key, resolved through the questionnaire's texts for a language. */
  readonly label: string;
}

export type QuestionKind =
  /** one option id */
  | 'single'
  /** a list of option ids */
  | 'multi'
  /** option id "yes" or "no" */
  | 'yesno'
  /** a number within min..max */
  | 'number'
  /** CMDQ body-region grid: { [region]: { frequency, discomfort, interference } } */
  | 'cmdq';

export interface Question {
  readonly id: string;
  readonly kind: QuestionKind;
  /** Text keys. */
  readonly text: string;
  readonly help?: string;
  readonly options?: readonly AnswerOption[];
  readonly min?: number;
  readonly max?: number;
  readonly showIf?: Condition;
  /** Unanswered required questions block submission; progress can still be saved. */
  readonly required: boolean;
}

export interface Section {
  readonly id: string;
  /** Text keys. */
  readonly title: string;
  readonly intro?: string;
  readonly showIf?: Condition;
  readonly questions: readonly Question[];
}

/** A questionnaire whose text keys have been resolved to one language. */
export interface Questionnaire {
  readonly area: WorkArea;
  /** Bumped when questions change, stored with every attempt. */
  readonly version: number;
  readonly language: AssessmentLanguage;
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly Section[];
  /** The page's own words (buttons, progress, CMDQ scales) in the same language: ui-texts.ts. */
  readonly ui?: Readonly<Record<string, string>>;
}

/** CMDQ answer for one body region (Hedge, Cornell University): the three published scales. */
export interface CmdqRegionAnswer {
  /** 0 never, 1 1–2 times last week, 2 3–4 times, 3 once every day, 4 several times every day. */
  readonly frequency: 0 | 1 | 2 | 3 | 4;
  /** 1 slightly, 2 moderately, 3 very uncomfortable. */
  readonly discomfort: 1 | 2 | 3;
  /** 0 not at all, 1 slightly, 2 substantially interfered with work. */
  readonly interference: 0 | 1 | 2;
}

export type AnswerValue = string | readonly string[] | number | Readonly<Record<string, CmdqRegionAnswer>>;
/** Answers by question id. */
export type Answers = Readonly<Record<string, AnswerValue>>;

/** Plain-language band of the overall result. */
export type RiskBand = 'low' | 'moderate' | 'high';

export interface PartScore {
  /** e.g. "rosa.chair", "rosa.monitor_phone", "rosa.mouse_keyboard", "hse.display", "cmdq.neck" */
  readonly id: string;
  readonly label: string;
  readonly score: number;
  readonly max: number;
  /** One or two sentences saying what the number means. */
  readonly explanation: string;
}

export interface Finding {
  readonly id: string;
  readonly severity: RiskBand;
  readonly title: string;
  readonly recommendation: string;
  /** Guidance pages (/user/<slug>) and recommended equipment (/user/<equipment-slug>). */
  readonly links: readonly { readonly label: string; readonly href: string }[];
}

export interface BodyRegionScore {
  /** CMDQ regions: neck, shoulder_left, shoulder_right, upper_back, upper_arm_left, … */
  readonly region: string;
  readonly label: string;
  /** frequency weight × discomfort × interference weight; 0 to 90. */
  readonly score: number;
}

/** Everything the report shows, computed the moment an attempt is submitted. */
export interface AssessmentResult {
  readonly area: WorkArea;
  readonly version: number;
  readonly language: AssessmentLanguage;
  /** Headline score: ROSA final score 1–10 where ROSA applies, otherwise the share of HSE/area findings, 1–10. */
  readonly overall: { readonly score: number; readonly max: number; readonly band: RiskBand; readonly actionNeeded: boolean };
  readonly summary: string;
  readonly parts: readonly PartScore[];
  readonly findings: readonly Finding[];
  readonly bodyMap: readonly BodyRegionScore[];
}

/** The change since the previous attempt, shown in the report beside the new result. */
export interface AssessmentChange {
  readonly previousScore: number;
  readonly delta: number;
  readonly parts: readonly { readonly id: string; readonly label: string; readonly before: number; readonly after: number }[];
  /** Finding ids (for comparing and storing); show the titles below, never these. */
  readonly resolvedFindings: readonly string[];
  readonly newFindings: readonly string[];
  /** The same findings' titles, in the report's language and in the same order as the ids. */
  readonly resolvedTitles: readonly string[];
  readonly newTitles: readonly string[];
  readonly summary: string;
}

/** Per-language text overrides a client sets on the admin language pages: text key → text. */
export type TextOverrides = Readonly<Record<string, string>>;
