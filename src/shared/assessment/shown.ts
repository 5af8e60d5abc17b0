/** The shown questions and their ids, for scoring. */
import { visibleQuestions } from './branching';
import type { SourceQuestion, SourceQuestionnaire } from './source';
import type { Answers } from './types';

export function branchShown(questionnaire: SourceQuestionnaire, answers: Answers): { visible: SourceQuestion[]; shown: Set<string> } {
  const visible = visibleQuestions(questionnaire, answers);
  return { visible, shown: new Set(visible.map((q) => q.id)) };
}
