/**
 * Server-side answer checks (nothing the browser checks is trusted): unknown question ids, values of
 * the wrong kind, options that do not exist, numbers out of range, CMDQ grids with unknown regions or
 * values outside the published scales. Answers to questions hidden by branching are allowed (progress
 * is saved while people change earlier answers) and are simply not scored.
 */
import { CMDQ_REGIONS } from './cmdq-regions';
import type { Answers, AnswerValue } from './types';

export interface AnswerProblem {
  readonly question: string;
  readonly message: string;
}

interface CheckQuestion {
  readonly id: string;
  readonly kind: string;
  readonly options?: readonly { readonly id: string }[];
  readonly min?: number;
  readonly max?: number;
}

const REGIONS: ReadonlySet<string> = new Set(CMDQ_REGIONS);
const CMDQ_SCALES = { frequency: [0, 1, 2, 3, 4], discomfort: [1, 2, 3], interference: [0, 1, 2] } as const;

function checkCmdq(value: AnswerValue): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'expected body regions with frequency, discomfort and interference';
  for (const [region, answer] of Object.entries(value as Record<string, unknown>)) {
    if (!REGIONS.has(region)) return `unknown body region "${region}"`;
    if (typeof answer !== 'object' || answer === null) return `region "${region}": expected frequency, discomfort and interference`;
    const record = answer as Record<string, unknown>;
    const extra = Object.keys(record).find((k) => !(k in CMDQ_SCALES));
    if (extra) return `region "${region}": unknown field "${extra}"`;
    for (const [scale, allowed] of Object.entries(CMDQ_SCALES)) {
      if (!(allowed as readonly number[]).includes(record[scale] as number))
        return `region "${region}": ${scale} must be one of ${allowed.join(', ')}`;
    }
  }
  return undefined;
}

function checkOne(question: CheckQuestion, value: AnswerValue): string | undefined {
  const optionIds = new Set((question.options ?? []).map((o) => o.id));
  switch (question.kind) {
    case 'single':
    case 'yesno':
      if (typeof value !== 'string') return 'expected one option';
      return optionIds.has(value) ? undefined : `"${value}" is not an option`;
    case 'multi': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'expected a list of options';
      const unknown = value.find((v) => !optionIds.has(v));
      if (unknown !== undefined) return `"${unknown}" is not an option`;
      return new Set(value).size === value.length ? undefined : 'an option is listed twice';
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'expected a number';
      if ((question.min !== undefined && value < question.min) || (question.max !== undefined && value > question.max)) {
        return `must be between ${question.min} and ${question.max}`;
      }
      return undefined;
    case 'cmdq':
      return checkCmdq(value);
    default:
      return `unsupported question kind "${question.kind}"`;
  }
}

/** Every problem with these answers; an empty list means they can be stored. */
export function validateAnswers(
  questionnaire: { readonly sections: readonly { readonly questions: readonly CheckQuestion[] }[] },
  answers: Answers,
): AnswerProblem[] {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
    return [{ question: '(answers)', message: 'expected answers by question id' }];
  const byId = new Map(questionnaire.sections.flatMap((s) => s.questions.map((q) => [q.id, q] as const)));
  const problems: AnswerProblem[] = [];
  for (const [id, value] of Object.entries(answers)) {
    const question = byId.get(id);
    if (!question) {
      problems.push({ question: id, message: 'unknown question' });
      continue;
    }
    const message = checkOne(question, value);
    if (message) problems.push({ question: id, message });
  }
  return problems;
}
