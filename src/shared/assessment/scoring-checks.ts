/**
 * Checks that tie the questionnaires to the scoring code, so renaming an option or a question in
 * the YAML cannot silently change a score: every ROSA input a `rosa: true` questionnaire needs is
 * there with the options the ROSA table scores (rosa-inputs.ts), and the Cornell findings exist.
 */
import { CMDQ_GROUPS } from './cmdq';
import type { ContentProblem } from './parse';
import { ROSA_DURATIONS, ROSA_ITEMS } from './rosa-inputs';
import type { FindingDefinition, SourceQuestion, SourceQuestionnaire } from './source';

export function scoringProblems(
  file: string,
  questionnaire: SourceQuestionnaire,
  findings: Readonly<Record<string, FindingDefinition>>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const questions = new Map<string, SourceQuestion>(questionnaire.sections.flatMap((s) => s.questions.map((q) => [q.id, q] as const)));
  if (questionnaire.rosa) {
    for (const [factor, items] of Object.entries(ROSA_ITEMS)) {
      items.forEach((item, index) => {
        const question = questions.get(item.question);
        if (!question) {
          problems.push({ file, key: item.question, message: `ROSA ${factor} needs this question (rosa: true)` });
          return;
        }
        const options = new Set((question.options ?? []).map((o) => o.id));
        for (const option of Object.keys(item.points)) {
          if (!options.has(option))
            problems.push({ file, key: item.question, message: `ROSA scores the option "${option}", which the question does not have` });
        }
        if (index === 0 && question.kind !== 'single')
          problems.push({ file, key: item.question, message: `the ROSA ${factor} base must be a single-choice question` });
      });
    }
    for (const id of Object.values(ROSA_DURATIONS)) {
      if (!questions.has(id)) problems.push({ file, key: id, message: 'ROSA needs this duration question (rosa: true)' });
    }
  }
  if ([...questions.values()].some((q) => q.kind === 'cmdq')) {
    for (const id of Object.keys(CMDQ_GROUPS)) {
      if (!findings[id])
        problems.push({ file, key: id, message: 'the Cornell discomfort grid raises this finding: add it to common.yaml' });
    }
  }
  return problems;
}
