import { sql } from 'kysely';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { NOT_FOUND } from '../../policies/client-scope';
import { allCourses, courseById } from '../../../shared/training/localize';
import { progressPercent } from '../../../shared/training/rules';
import { isCourseId, type Course, type TrainingState } from '../../../shared/training/types';
import { courseForClient, playableCourse } from '../../domain/training/courses';
import { learnerEnrolment, openLesson, passedModules } from '../../domain/training/progress';
import { answerQuiz, feedbackOf, type AnswerFeedback } from '../../domain/training/quiz';
import { tellManagers } from '../../domain/training/notify';
import { href } from '../../../../generated/routes';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The feedback of each module's quiz attempt under way (answers already given stand; docs/product.md "Training"). */
function draftFeedback(course: Course, drafts: Record<string, Record<string, string[]>>) {
  const out: Record<string, AnswerFeedback[]> = {};
  for (const m of course.modules) {
    const draft = drafts[m.id];
    if (draft) out[m.id] = m.quiz.filter((q) => q.id in draft).map((q) => feedbackOf(q, draft[q.id]));
  }
  return out;
}

/**
 * The employee's own training (docs/product.md "Training"; manifest/api/training.yaml). Every query
 * is bounded by the caller's own user and client: another person's course answers 404.
 */
export const learnerHandlers = {
  async my_training_list(ctx, request, reply) {
    const caller = request.caller;
    const now = ctx.now();
    const rows = await ctx.db
      .selectFrom('training_enrolments')
      .selectAll()
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .orderBy(sql`CASE WHEN state = 'completed' THEN 1 ELSE 0 END`)
      .orderBy(sql`CASE WHEN state <> 'completed' THEN due_at END`)
      .orderBy('completed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const courses = new Map((await allCourses(caller.profile.language)).map((c) => [c.id, c]));
    const passed = rows.length
      ? await ctx.db
          .selectFrom('training_quiz_attempts')
          .select(['enrolment_id', 'module_id'])
          .distinct()
          .where(
            'enrolment_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('passed', '=', true)
          .execute()
      : [];
    const out = rows.flatMap((r) => {
      const course = courses.get(r.course_id as never);
      // A course withdrawn from content is not listed (its records stay for the reports).
      if (!course) return [];
      const modulesPassed = passed.filter((p) => String(p.enrolment_id) === String(r.id)).map((p) => p.module_id);
      return [
        {
          id: String(r.id),
          course_id: r.course_id,
          title: course.title,
          summary: course.summary,
          minutes: course.minutes,
          state: r.state as TrainingState,
          mandatory: r.mandatory,
          due_at: iso(r.due_at)!,
          overdue: r.state !== 'completed' && new Date(r.due_at).getTime() < now.getTime(),
          progress: r.state === 'completed' ? 100 : progressPercent(course, r.lessons_done, modulesPassed),
          completed_at: iso(r.completed_at),
          score: r.score,
          certificate_code: r.certificate_code,
        },
      ];
    });
    return ok(reply, { rows: out });
  },

  async training_course(ctx, request, reply) {
    const caller = request.caller;
    const courseId = request.params.course;
    if (!isCourseId(courseId)) return fail(reply, 404, NOT_FOUND);
    const [enrolment, course] = await Promise.all([
      learnerEnrolment(ctx.db, caller, courseId),
      courseForClient(ctx.db, caller.clientId, courseId, caller.profile.language),
    ]);
    if (!enrolment || !course) return fail(reply, 404, NOT_FOUND);
    const passed = await passedModules(ctx.db, String(enrolment.id));
    const drafts = (typeof enrolment.quiz_draft === 'string' ? JSON.parse(enrolment.quiz_draft) : enrolment.quiz_draft) as Record<
      string,
      Record<string, string[]>
    >;
    return ok(reply, {
      course: playableCourse(course),
      enrolment: {
        id: String(enrolment.id),
        state: enrolment.state as TrainingState,
        due_at: iso(enrolment.due_at)!,
        overdue: enrolment.state !== 'completed' && new Date(enrolment.due_at).getTime() < ctx.now().getTime(),
        position: enrolment.position,
        lessons_done: enrolment.lessons_done,
        progress: enrolment.state === 'completed' ? 100 : progressPercent(course, enrolment.lessons_done, [...passed.keys()]),
        score: enrolment.score,
        completed_at: iso(enrolment.completed_at),
        certificate_code: enrolment.certificate_code,
        modules_passed: [...passed].map(([module, score]) => ({ module, score })),
        quiz_feedback: draftFeedback(course, drafts ?? {}),
      },
    });
  },

  async training_lesson_open(ctx, request, reply) {
    const caller = request.caller;
    const courseId = request.params.course;
    const { module, lesson } = request.payload;
    if (!isCourseId(courseId)) return fail(reply, 404, NOT_FOUND);
    const course = await courseById(courseId);
    if (!course) return fail(reply, 404, NOT_FOUND);
    if (!course.modules.some((m) => m.id === module && m.lessons.some((l) => l.id === lesson)))
      return fail(reply, 400, 'That lesson is not part of the course.');
    const now = ctx.now();
    const opened = await ctx.db.transaction().execute((trx) => openLesson(trx, caller, courseId, module, lesson, now));
    const enrolment = await learnerEnrolment(ctx.db, caller, courseId);
    if (!enrolment) return fail(reply, 404, NOT_FOUND);
    const passed = await passedModules(ctx.db, String(enrolment.id));
    return ok(reply, {
      position: opened?.position ?? enrolment.position,
      lessons_done: enrolment.lessons_done,
      progress: enrolment.state === 'completed' ? 100 : progressPercent(course, enrolment.lessons_done, [...passed.keys()]),
      state: enrolment.state as TrainingState,
    });
  },

  async training_quiz_answer(ctx, request, reply) {
    const caller = request.caller;
    const courseId = request.params.course;
    if (!isCourseId(courseId)) return fail(reply, 404, NOT_FOUND);
    const course = await courseForClient(ctx.db, caller.clientId, courseId, caller.profile.language);
    if (!course) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    const origin = ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const result = await answerQuiz(trx, caller, course, request.payload.module, request.payload.answers, now);
      if ('status' in result) return result;
      const told = result.newlyFlagged ? await tellManagers(trx, caller, course.title, origin, now) : false;
      return { ...result, told };
    });
    if ('status' in outcome) return fail(reply, outcome.status, outcome.message);
    const help = outcome.flagged
      ? { self_assessment: href('self_assessment'), evaluation: href('schedule_eval'), manager_told: outcome.told }
      : null;
    return ok(reply, {
      feedback: outcome.feedback,
      answered: outcome.answered,
      attempt: outcome.attempt,
      completed: outcome.completed,
      help,
    });
  },
} satisfies AreaHandlers<'training'>;
