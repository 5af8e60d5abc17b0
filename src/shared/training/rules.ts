/**
 * Training rules in one place (docs/product.md "Training"): reminders of overdue courses, the
 * certificate code's shape, and how progress and the course score are figured.
 */
import type { Course } from './types';

/** An overdue enrolment is e-mailed every `everyDays` days, at most `limit` times. */
export const TRAINING_REMINDERS = { everyDays: 7, limit: 3 } as const;

/**
 * A certificate's verification code: 15 characters of Crockford base32 (75 bits, from a CSPRNG) in
 * three groups of five, e.g. "7KQ2M-XD0RB-9TNAZ". Unguessable, and short enough to read out.
 */
export const CERTIFICATE_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What someone typed as a code, normalised: upper case, spaces dropped, O→0 and I/L→1 as Crockford reads them. */
export function normaliseCertificateCode(typed: string): string {
  const plain = typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return plain.length === 15 ? `${plain.slice(0, 5)}-${plain.slice(5, 10)}-${plain.slice(10)}` : plain;
}

/** Percent done: lessons opened and module quizzes passed, out of all lessons and quizzes. */
export function progressPercent(course: Pick<Course, 'modules'>, lessonsDone: readonly string[], modulesPassed: readonly string[]): number {
  const lessons = course.modules.flatMap((m) => m.lessons.map((l) => `${m.id}/${l.id}`));
  const done =
    lessons.filter((ref) => lessonsDone.includes(ref)).length + course.modules.filter((m) => modulesPassed.includes(m.id)).length;
  const total = lessons.length + course.modules.length;
  return total === 0 ? 0 : Math.round((100 * done) / total);
}

/** A module quiz's score: the percent of its questions answered right. */
export const quizScore = (right: number, questions: number) => (questions === 0 ? 0 : Math.round((100 * right) / questions));

/**
 * Whether answer ids answer a question right: a single-answer question by its one answer being a
 * right one (a key self-report marks every answer right), a multiple-answer question by every right
 * answer and no wrong one.
 */
export function answeredRight(
  question: { kind: 'single' | 'multiple'; answers: readonly { id: string; correct: boolean }[] },
  chosen: readonly string[],
): boolean {
  const right = question.answers.filter((a) => a.correct).map((a) => a.id);
  if (question.kind === 'single') return chosen.length === 1 && right.includes(chosen[0]);
  return chosen.length === right.length && chosen.every((id) => right.includes(id));
}
