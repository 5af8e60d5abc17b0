/**
 * Branching by `showIf` (content/assessments/README.md): a section or question is shown when the
 * answer to an earlier question equals, or for multi answers contains, one of the listed options,
 * and that earlier question is itself shown; a stale answer to a hidden question never opens a branch.
 * Works on the localized `Questionnaire` (browser) and on the source (server) alike.
 */
import type { Answers, AnswerValue, Condition } from './types';

interface BranchQuestion {
  readonly id: string;
  readonly kind: string;
  readonly required: boolean;
  readonly showIf?: Condition;
}
interface BranchQuestionnaire<Q extends BranchQuestion> {
  readonly sections: readonly { readonly showIf?: Condition; readonly questions: readonly Q[] }[];
}

function matches(condition: Condition | undefined, answers: Answers, shown: ReadonlySet<string>): boolean {
  if (!condition) return true;
  if (!shown.has(condition.question)) return false;
  const answer = answers[condition.question];
  if (typeof answer === 'string') return condition.anyOf.includes(answer);
  if (Array.isArray(answer)) return answer.some((a) => condition.anyOf.includes(a));
  return false;
}

/** The questions shown for these answers, in questionnaire order. */
export function visibleQuestions<Q extends BranchQuestion>(questionnaire: BranchQuestionnaire<Q>, answers: Answers): Q[] {
  const shown = new Set<string>();
  const visible: Q[] = [];
  for (const section of questionnaire.sections) {
    if (!matches(section.showIf, answers, shown)) continue;
    for (const question of section.questions) {
      if (!matches(question.showIf, answers, shown)) continue;
      shown.add(question.id);
      visible.push(question);
    }
  }
  return visible;
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Ids of visible required questions left unanswered (submission is blocked until it is empty). */
export function missingAnswers<Q extends BranchQuestion>(questionnaire: BranchQuestionnaire<Q>, answers: Answers): string[] {
  return visibleQuestions(questionnaire, answers)
    .filter((q) => q.required && !isAnswered(answers[q.id]))
    .map((q) => q.id);
}
