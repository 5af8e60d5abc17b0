import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import * as engine from '../../../shared/assessment/index';
import { regionKey } from '../../../shared/assessment/report-keys';
import { translator } from '../../../shared/assessment/texts';
import {
  ASSESSMENT_LANGUAGES,
  type AssessmentLanguage,
  type Questionnaire,
  type TextOverrides,
  type WorkArea,
} from '../../../shared/assessment/types';
import type { Database } from '../../db/schema';

/** content/assessments/: the questionnaires as data (src/shared/assessment/README.md). */
const CONTENT_DIR = resolve(import.meta.dirname, '../../../../content/assessments');
let source: Promise<engine.QuestionnaireSource> | null = null;

/** The questionnaires, read from content/ once per process and shared by every request. */
export function questionnaireSource(): Promise<engine.QuestionnaireSource> {
  source ??= Promise.resolve().then(() => engine.loadQuestionnaires(CONTENT_DIR));
  return source;
}

/** The caller's language when the questionnaires have it, else English. */
export function assessmentLanguage(language: string | null | undefined): AssessmentLanguage {
  return (ASSESSMENT_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as AssessmentLanguage) : 'en';
}

/**
 * A client's own wording for the questionnaire and report (migration 004, edited on the admin
 * language pages, SPEC §2): scope 'self-assessment-lab' for the lab area, 'self-assessment' otherwise.
 */
export async function clientOverrides(
  db: Kysely<Database>,
  clientId: number,
  area: WorkArea,
  language: AssessmentLanguage,
): Promise<TextOverrides> {
  const rows = await db
    .selectFrom('client_text_overrides')
    .select(['text_key', 'text'])
    .where('client_id', '=', clientId)
    .where('scope', '=', area === 'lab' ? 'self-assessment-lab' : 'self-assessment')
    .where('language', '=', language)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.text_key, r.text]));
}

/** Everything needed to show, check and score one area for one client and language. */
/** A questionnaire as the server sends it: always with the page's own words (`ui`). */
export type ServedQuestionnaire = Questionnaire & { readonly ui: Readonly<Record<string, string>> };

export interface LocalizedArea {
  readonly source: engine.QuestionnaireSource;
  readonly questionnaire: ServedQuestionnaire;
  readonly overrides: TextOverrides;
  readonly language: AssessmentLanguage;
}

export async function localizedArea(
  db: Kysely<Database>,
  clientId: number,
  area: WorkArea,
  language: AssessmentLanguage,
  knownOverrides?: TextOverrides,
): Promise<LocalizedArea> {
  const [src, overrides] = await Promise.all([questionnaireSource(), knownOverrides ?? clientOverrides(db, clientId, area, language)]);
  return { source: src, questionnaire: localizedQuestionnaire(src, area, language, overrides), overrides, language };
}

/**
 * Most clients keep the standard wording, so the questionnaire for an area and language is built
 * once per process and shared; a client's own wording builds its own copy per request.
 */
const standard = new Map<string, ServedQuestionnaire>();
function localizedQuestionnaire(
  src: engine.QuestionnaireSource,
  area: WorkArea,
  language: AssessmentLanguage,
  overrides: TextOverrides,
): ServedQuestionnaire {
  const build = () => withRegionLabels(engine.localize(src, area, language, overrides), src, language, overrides);
  if (Object.keys(overrides).length > 0) return build();
  const key = `${area}:${language}`;
  let questionnaire = standard.get(key);
  if (!questionnaire) {
    questionnaire = build();
    standard.set(key, questionnaire);
  }
  return questionnaire;
}

/**
 * The body grid's regions as options of the CMDQ question, labelled in the questionnaire's language
 * (and the client's wording), with the page's own words (ui-texts.ts), so the page needs no text of
 * its own.
 */
function withRegionLabels(
  questionnaire: Questionnaire,
  source: engine.QuestionnaireSource,
  language: AssessmentLanguage,
  overrides: TextOverrides,
): ServedQuestionnaire {
  const t = translator(source, language, overrides);
  const regions = engine.CMDQ_REGIONS.map((id) => ({ id, label: t(regionKey(id)) }));
  return {
    ...questionnaire,
    ui: engine.uiTexts(source, language, overrides),
    sections: questionnaire.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) => (q.kind === 'cmdq' && !q.options ? { ...q, options: regions } : q)),
    })),
  };
}

/**
 * The engine reports problems as `{ question, message }`; the API answers plain sentences that name
 * the question by its text (in the attempt's language) rather than its id.
 */
export function problemText(problem: unknown, questionnaire?: Questionnaire): string {
  if (typeof problem === 'string') return problem;
  if (problem && typeof problem === 'object') {
    const { message, question } = problem as { message?: unknown; question?: unknown };
    if (typeof message === 'string' && typeof question === 'string') {
      const text = questionnaire?.sections.flatMap((s) => s.questions).find((q) => q.id === question)?.text ?? question;
      return `${text}: ${message}.`;
    }
    if (typeof message === 'string') return message;
  }
  return JSON.stringify(problem);
}

export { engine };
