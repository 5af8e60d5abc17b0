/**
 * The evaluation report's observation form and recommendation catalogue (content/evaluations/,
 * SPEC §1), shared by the new-evaluation page and the server: the page draws the form from it, the
 * server refuses observations or catalogue keys it does not declare, and both score the evaluator's
 * ROSA from the same answers (src/shared/assessment/rosa-inputs.ts).
 */
import observationSource from '../../../content/evaluations/observations.json';
import catalogueSource from '../../../content/evaluations/recommendations.json';
import { rosaInputs } from '../assessment/rosa-inputs';
import { scoreRosa, type RosaInputs, type RosaScores } from '../assessment/rosa';

export type FieldType = 'choice' | 'multi' | 'yesno' | 'text';
export interface ObservationOption {
  readonly value: string;
  readonly label: string;
}
export interface ObservationField {
  readonly key: string;
  readonly type: FieldType;
  readonly label: string;
  readonly help?: string;
  readonly options?: readonly ObservationOption[];
}
export interface ObservationSection {
  readonly id: string;
  readonly title: string;
  readonly help?: string;
  readonly areas?: readonly string[];
  readonly fields: readonly ObservationField[];
}
export interface CatalogueEntry {
  readonly key: string;
  readonly section: string;
  readonly title: string;
  readonly text: string;
  readonly link: string;
}
export type Observations = Record<string, string | string[]>;
export interface Recommendation {
  catalogue_key?: string;
  text?: string;
  priority: 'high' | 'medium' | 'low';
}

export const OBSERVATION_SECTIONS = observationSource.sections as readonly ObservationSection[];
export const RECOMMENDATION_CATALOGUE = catalogueSource.recommendations as readonly CatalogueEntry[];
export const PRIORITIES = ['high', 'medium', 'low'] as const;
/** Longest free-text observation, in characters. */
export const TEXT_MAX = 4000;

const FIELDS = new Map(OBSERVATION_SECTIONS.flatMap((s) => s.fields.map((f) => [f.key, f] as const)));
const CATALOGUE = new Map(RECOMMENDATION_CATALOGUE.map((r) => [r.key, r]));
const YES_NO = ['yes', 'no'];

export const catalogueEntry = (key: string | undefined) => (key && CATALOGUE.has(key) ? CATALOGUE.get(key) : undefined);

/** The sections that apply to a work area (lab and travel sections only where they apply). */
export function sectionsFor(workArea: string): ObservationSection[] {
  return OBSERVATION_SECTIONS.filter((s) => !s.areas || s.areas.includes(workArea));
}

/** Why the observations are refused, or null: every key declared, every value one of its options. */
export function observationProblem(observations: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(observations)) {
    const field = FIELDS.get(key);
    if (!field) return `"${key}" is not an observation of the evaluation form.`;
    const allowed = field.type === 'yesno' ? YES_NO : (field.options ?? []).map((o) => o.value);
    if (field.type === 'text') {
      if (typeof value !== 'string' || value.length > TEXT_MAX) return `"${field.label}" must be text of at most ${TEXT_MAX} characters.`;
    } else if (field.type === 'multi') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.includes(v)))
        return `"${field.label}" must be a list of its options.`;
    } else if (typeof value !== 'string' || !allowed.includes(value)) {
      return `"${field.label}" must be one of its options.`;
    }
  }
  return null;
}

/** Why the recommendations are refused, or null: each names a catalogue entry or its own text. */
export function recommendationProblem(recommendations: readonly { catalogue_key?: string; text?: string }[]): string | null {
  for (const [index, r] of recommendations.entries()) {
    if (!r.catalogue_key === !r.text) return `Recommendation ${index + 1} needs either a catalogue entry or its own text, not both.`;
    if (r.catalogue_key && !catalogueEntry(r.catalogue_key))
      return `Recommendation ${index + 1}: "${r.catalogue_key}" is not in the recommendation catalogue.`;
  }
  return null;
}

/** The evaluator's own ROSA (Sonne et al. 2012) from the observed answers: inputs and chart scores. */
export function rosaOf(observations: Observations): { inputs: RosaInputs; scores: RosaScores } {
  const inputs = rosaInputs(observations, new Set(FIELDS.keys()));
  return { inputs, scores: scoreRosa(inputs) };
}
