import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { answeredRight, quizScore } from '../../../shared/training/rules';
import type { Course, Module, Question } from '../../../shared/training/types';
import { newCertificateCode } from './certificate-code';
import { recordSteps, type TrainingStep } from './events';
import { passedModules, type Learner } from './progress';

export interface AnswerFeedback {
  question: string;
  chosen: string[];
  correct: boolean;
  /** After answering, every answer of the question with whether it is right and why. */
  answers: { id: string; correct: boolean; why: string }[];
  /** A worrying answer to a key question: the page offers help (docs/product.md "Training"). */
  flagged: boolean;
}

export interface QuizOutcome {
  feedback: AnswerFeedback[];
  /** When this call answered the module's last question: the attempt's score. */
  attempt: { score: number; passed: boolean; pass_mark: number } | null;
  /** When this attempt passed the last module: the course is complete. */
  completed: { score: number; certificate_code: string } | null;
  /** Questions of the module answered in the attempt under way. */
  answered: string[];
  flagged: boolean;
  /** A worrying answer given by this call (not one given before): the programme manager may be told. */
  newlyFlagged: boolean;
}

export type QuizRefusal = { status: 400 | 404 | 409; message: string };

/** Why these answer ids cannot answer this question, or null. */
function answerProblem(question: Question, chosen: readonly string[]): string | null {
  if (chosen.length === 0) return 'Choose an answer.';
  if (new Set(chosen).size !== chosen.length) return 'An answer is given twice.';
  if (chosen.some((id) => !question.answers.some((a) => a.id === id))) return 'That answer is not one of the question\u2019s.';
  if (question.kind === 'single' && chosen.length !== 1) return 'Choose one answer.';
  return null;
}

/** The feedback of one answered question: right or not, and every answer's verdict and why. */
export function feedbackOf(question: Question, chosen: string[]): AnswerFeedback {
  return {
    question: question.id,
    chosen,
    correct: answeredRight(question, chosen),
    answers: question.answers.map((a) => ({ id: a.id, correct: a.correct, why: a.why })),
    flagged: question.key && question.answers.some((a) => a.flag && chosen.includes(a.id)),
  };
}

/**
 * Answers questions of one module's quiz, scored here alone (the browser learns which answers are
 * right only for a question it has answered). The enrolment row is locked for the whole step, so a
 * double click or two tabs answer each question once: an answer already given in the attempt under
 * way stands, and its feedback is given again. When the module's last question is answered the
 * attempt is scored against the module's pass mark (training_quiz_attempts, `passed`/`failed`); a
 * failed module is simply answered again. Passing the last module completes the enrolment with the
 * course score (the mean of each module's best score), an unguessable certificate code and, when the
 * assignment asks for it, the date retraining falls due. Every step is a training event.
 */
export async function answerQuiz(
  trx: Transaction<Database>,
  learner: Learner,
  course: Course,
  moduleId: string,
  given: Readonly<Record<string, readonly string[]>>,
  now: Date,
): Promise<QuizOutcome | QuizRefusal> {
  const module: Module | undefined = course.modules.find((m) => m.id === moduleId);
  if (!module) return { status: 400, message: 'That module is not part of the course.' };
  const enrolment = await trx
    .selectFrom('training_enrolments')
    .selectAll()
    .where('user_id', '=', learner.userId)
    .where('client_id', '=', learner.clientId)
    .where('course_id', '=', course.id)
    .where('state', '<>', 'completed')
    .forUpdate()
    .executeTakeFirst();
  if (!enrolment) {
    const done = await trx
      .selectFrom('training_enrolments')
      .select('id')
      .where('user_id', '=', learner.userId)
      .where('client_id', '=', learner.clientId)
      .where('course_id', '=', course.id)
      .executeTakeFirst();
    return done ? { status: 409, message: 'You have completed this course already.' } : { status: 404, message: 'Not found.' };
  }
  for (const [questionId, chosen] of Object.entries(given)) {
    const question = module.quiz.find((q) => q.id === questionId);
    if (!question) return { status: 400, message: `"${questionId}" is not a question of this module.` };
    const problem = answerProblem(question, chosen);
    if (problem) return { status: 400, message: problem };
  }
  const drafts = (typeof enrolment.quiz_draft === 'string' ? JSON.parse(enrolment.quiz_draft) : enrolment.quiz_draft) as Record<
    string,
    Record<string, string[]>
  >;
  const draft = { ...(drafts[module.id] ?? {}) };
  const steps: TrainingStep[] = [];
  const ref = { id: String(enrolment.id), client_id: enrolment.client_id, user_id: enrolment.user_id, course_id: enrolment.course_id };
  if (enrolment.state === 'assigned') steps.push({ verb: 'started' });
  const feedback: AnswerFeedback[] = [];
  let newlyFlagged = false;
  for (const question of module.quiz) {
    if (!(question.id in given)) continue;
    const fresh = !(question.id in draft);
    if (fresh) draft[question.id] = [...given[question.id]];
    const f = feedbackOf(question, draft[question.id]);
    feedback.push(f);
    if (fresh) steps.push({ verb: 'answered', module: module.id, question: question.id, success: f.correct });
    if (fresh && f.flagged) newlyFlagged = true;
  }

  let attempt: QuizOutcome['attempt'] = null;
  let completed: QuizOutcome['completed'] = null;
  let answered = Object.keys(draft);
  const nextDrafts = { ...drafts, [module.id]: draft };
  const changes: Record<string, unknown> = {};
  if (module.quiz.every((q) => q.id in draft)) {
    const right = module.quiz.filter((q) => feedbackOf(q, draft[q.id]).correct).length;
    const score = quizScore(right, module.quiz.length);
    const passed = score >= module.passMark;
    await trx
      .insertInto('training_quiz_attempts')
      .values({ enrolment_id: enrolment.id, module_id: module.id, answers: JSON.stringify(draft), score, passed, created_at: now })
      .execute();
    steps.push({ verb: passed ? 'passed' : 'failed', module: module.id, score, success: passed });
    attempt = { score, passed, pass_mark: module.passMark };
    delete nextDrafts[module.id];
    answered = [];
    if (passed) {
      const best = await passedModules(trx, String(enrolment.id));
      if (course.modules.every((m) => best.has(m.id))) {
        const courseScore = Math.round(course.modules.reduce((sum, m) => sum + best.get(m.id)!, 0) / course.modules.length);
        const retrain = enrolment.assignment_id
          ? await trx
              .selectFrom('training_assignments')
              .select('retrain_months')
              .where('id', '=', enrolment.assignment_id)
              .executeTakeFirst()
          : undefined;
        const code = newCertificateCode();
        Object.assign(changes, {
          state: 'completed',
          completed_at: now,
          score: courseScore,
          certificate_code: code,
          retrain_due_at: retrain?.retrain_months ? sql`${now}::timestamptz + make_interval(months => ${retrain.retrain_months})` : null,
        });
        steps.push({ verb: 'completed', score: courseScore, success: true });
        completed = { score: courseScore, certificate_code: code };
      }
    }
  }
  await trx
    .updateTable('training_enrolments')
    .set({
      quiz_draft: JSON.stringify(nextDrafts),
      updated_at: now,
      ...(enrolment.state === 'assigned' ? { state: 'in_progress', started_at: now } : {}),
      ...changes,
    })
    .where('id', '=', enrolment.id)
    .execute();
  await recordSteps(trx, ref, steps, now);
  return { feedback, attempt, completed, answered, flagged: feedback.some((f) => f.flagged), newlyFlagged };
}
