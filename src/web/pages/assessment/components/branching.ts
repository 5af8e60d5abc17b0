import type { AnswerValue, Condition, Question, Questionnaire, Section } from '../../../../shared/assessment/types';

type Answers = Readonly<Record<string, AnswerValue | undefined>>;

/**
 * The `showIf` rule of src/shared/assessment/types.ts: shown when the answer equals (or, for multi
 * answers, contains) one of the listed option ids. Kept here, beside the page, so the employee
 * bundle carries a few lines rather than the engine; the server re-checks every answer with the engine.
 */
export function conditionMet(condition: Condition | undefined, answers: Answers): boolean {
  if (!condition) return true;
  const value = answers[condition.question];
  if (Array.isArray(value)) return value.some((v) => condition.anyOf.includes(v));
  return typeof value === 'string' && condition.anyOf.includes(value);
}

export function shownSections(questionnaire: Questionnaire, answers: Answers): Section[] {
  return questionnaire.sections.filter((s) => conditionMet(s.showIf, answers) && s.questions.some((q) => conditionMet(q.showIf, answers)));
}

export function shownQuestions(section: Section, answers: Answers): Question[] {
  return section.questions.filter((q) => conditionMet(q.showIf, answers));
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** Required questions of a section left unanswered, for a message before the employee moves on. */
export function unansweredRequired(section: Section, answers: Answers): Question[] {
  return shownQuestions(section, answers).filter((q) => q.required && q.kind !== 'cmdq' && !isAnswered(answers[q.id]));
}
