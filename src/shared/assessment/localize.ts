/** A questionnaire with its text keys resolved for one language (contract: README.md `localize`). */
import type { QuestionnaireSource } from './source';
import { translator } from './texts';
import type { AssessmentLanguage, Questionnaire, TextOverrides, WorkArea } from './types';

export function localize(
  source: QuestionnaireSource,
  area: WorkArea,
  language: AssessmentLanguage,
  overrides?: TextOverrides,
): Questionnaire {
  const t = translator(source, language, overrides);
  const q = source.questionnaires[area];
  if (!q) throw new Error(`No questionnaire for the work area "${area}"`);
  return {
    area,
    version: q.version,
    language,
    title: t(q.title),
    intro: t(q.intro),
    sections: q.sections.map((s) => ({
      id: s.id,
      title: t(s.title),
      ...(s.intro ? { intro: t(s.intro) } : {}),
      ...(s.showIf ? { showIf: s.showIf } : {}),
      questions: s.questions.map((question) => ({
        id: question.id,
        kind: question.kind,
        text: t(question.text),
        ...(question.help ? { help: t(question.help) } : {}),
        ...(question.options ? { options: question.options.map((o) => ({ id: o.id, label: t(o.label) })) } : {}),
        ...(question.min !== undefined ? { min: question.min } : {}),
        ...(question.max !== undefined ? { max: question.max } : {}),
        ...(question.showIf ? { showIf: question.showIf } : {}),
        required: question.required,
      })),
    })),
  };
}
