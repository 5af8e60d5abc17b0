import { isAnswered, visibleQuestions } from '../../../../shared/assessment/branching';
import type { AnswerValue, Answers, Question, Questionnaire, Section } from '../../../../shared/assessment/types';

/**
 * The questionnaire's branching on the page, through the engine's own `visibleQuestions` (imported
 * from its module rather than the index so the employee bundle carries only the branching code);
 * the server checks every answer again with the engine.
 */
export function shownSections(questionnaire: Questionnaire, answers: Answers): Section[] {
  const visible = new Set(visibleQuestions(questionnaire, answers).map((q) => q.id));
  return questionnaire.sections.filter((s) => s.questions.some((q) => visible.has(q.id)));
}

export function shownQuestions(questionnaire: Questionnaire, section: Section, answers: Answers): Question[] {
  const visible = new Set(visibleQuestions(questionnaire, answers).map((q) => q.id));
  return section.questions.filter((q) => visible.has(q.id));
}

/** Required questions of a section left unanswered, for a message before the employee moves on. */
export function unansweredRequired(questionnaire: Questionnaire, section: Section, answers: Answers): Question[] {
  return shownQuestions(questionnaire, section, answers).filter((q) => q.required && !isAnswered(answers[q.id] as AnswerValue | undefined));
}
