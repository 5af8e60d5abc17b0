/**
 * The questionnaires as loaded from content/assessments/ (text KEYS, not text) together with the
 * findings catalogue and the texts of every language. `loadQuestionnaires` builds it once at server
 * start; `localize` and `scoreAssessment` read it. Defaults of the YAML format (content/assessments/
 * README.md) are already applied here, so every key is explicit.
 */
import type { AssessmentLanguage, Condition, QuestionKind, RiskBand, WorkArea } from './types';

/** The HSE DSE workstation checklist groups (HSE, "Working safely with display screen equipment", checklist). */
export const HSE_GROUPS = ['keyboards', 'mouse', 'display', 'software', 'furniture', 'environment', 'user'] as const;
export type HseGroup = (typeof HSE_GROUPS)[number];

export interface SourceOption {
  readonly id: string;
  readonly label: string;
  /** The finding this answer raises, if it is an adverse answer. */
  readonly finding?: string;
}

export interface SourceQuestion {
  readonly id: string;
  readonly kind: QuestionKind;
  readonly text: string;
  readonly help?: string;
  readonly options?: readonly SourceOption[];
  readonly min?: number;
  readonly max?: number;
  readonly showIf?: Condition;
  readonly required: boolean;
  /** The HSE checklist group this yes/no item belongs to. */
  readonly hse?: HseGroup;
}

export interface SourceSection {
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly showIf?: Condition;
  readonly questions: readonly SourceQuestion[];
}

export interface SourceQuestionnaire {
  readonly area: WorkArea;
  readonly version: number;
  readonly title: string;
  readonly intro: string;
  /** True where the full ROSA inputs are asked (Office, Home): the headline is the ROSA final score. */
  readonly rosa: boolean;
  readonly sections: readonly SourceSection[];
}

export interface FindingDefinition {
  readonly id: string;
  readonly severity: RiskBand;
  /** Text keys: `finding.<id>.title` and `finding.<id>.recommendation`. */
  readonly title: string;
  readonly recommendation: string;
  /** Guidance paths (/user/<slug>) and equipment paths (/user/<equipment-slug>). */
  readonly links: readonly string[];
}

export type TextTable = Readonly<Record<string, string>>;

export interface QuestionnaireSource {
  readonly questionnaires: Readonly<Record<WorkArea, SourceQuestionnaire>>;
  readonly findings: Readonly<Record<string, FindingDefinition>>;
  /** Equipment slugs that findings may link to as /user/<slug> (the recommended-equipment view). */
  readonly equipment: readonly string[];
  /** English is complete; other languages may lack keys (they fall back to English). */
  readonly texts: Readonly<Partial<Record<AssessmentLanguage, TextTable>>> & { readonly en: TextTable };
}

/** The text key of a link's label: `link.` and the last path segment (`/user/footrest` → `link.footrest`). */
export function linkLabelKey(href: string): string {
  return `link.${href.slice(href.lastIndexOf('/') + 1)}`;
}
