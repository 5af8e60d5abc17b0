import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MIN_GROUP_SIZE, isFew, suppressed } from '../../../shared/dashboards/small-groups';
import { allCourses } from '../../../shared/training/localize';
import { share } from '../../domain/dashboards/figure-definitions';
import { trainingHow, trainingRows, type Counted, type CourseTraining } from '../../domain/dashboards/training-figures';
import type { OverviewParams } from '../../domain/dashboards/overview-params';

/**
 * The Programme Overview's training panel (docs/product.md "Training: the programme manager's
 * figures"). Every figure about fewer than five employees is null (SPEC §1 small groups), and so is a
 * count of one to four of them inside a larger group: "2 overdue of 40" points at two people.
 */

/** A part of `whole` (its count, or null when the group or the part is too small to show). */
const part = (whole: Counted, p: Counted) => (whole.people < MIN_GROUP_SIZE || isFew(p.people) ? null : p.n);

function courseFigures(c: CourseTraining) {
  const completed = part(c.assigned, c.completed);
  return {
    assigned: suppressed(c.assigned.people, c.assigned.n),
    completed,
    in_progress: part(c.assigned, c.inProgress),
    overdue: part(c.assigned, c.overdue),
    completion: completed === null ? null : share(c.completed.n, c.assigned.n),
  };
}

export async function trainingFigures(db: Kysely<Database>, p: OverviewParams, language: string, now: Date) {
  const [rows, catalogue] = await Promise.all([trainingRows(db, p, now), allCourses(language)]);
  const t = courseFigures(rows.total);
  const shareOf = (v: number | null, c: Counted) => (v === null ? null : share(c.n, rows.total.assigned.n));
  return {
    employees: suppressed(rows.total.assigned.people, rows.total.assigned.people),
    figures: [
      { key: 'training_assigned' as const, value: t.assigned, share: null, how: trainingHow('training_assigned') },
      { key: 'training_completed' as const, value: t.completed, share: t.completion, how: trainingHow('training_completed') },
      {
        key: 'training_in_progress' as const,
        value: t.in_progress,
        share: shareOf(t.in_progress, rows.total.inProgress),
        how: trainingHow('training_in_progress'),
      },
      {
        key: 'training_overdue' as const,
        value: t.overdue,
        share: shareOf(t.overdue, rows.total.overdue),
        how: trainingHow('training_overdue'),
      },
    ],
    // Courses in the catalogue's order; a course no longer offered still shows under its id.
    courses: [...rows.courses]
      .sort((a, b) => catalogue.findIndex((c) => c.id === a.courseId) - catalogue.findIndex((c) => c.id === b.courseId))
      .map((c) => {
        const course = catalogue.find((k) => k.id === c.courseId);
        return {
          course_id: c.courseId,
          title: course?.title ?? c.courseId,
          ...courseFigures(c),
          modules: (course?.modules ?? []).map((m) => {
            const r = rows.modules.find((x) => x.courseId === c.courseId && x.moduleId === m.id);
            const tried = r?.tried ?? 0;
            const passed = r?.passedFirst ?? 0;
            const hidden = tried < MIN_GROUP_SIZE || isFew(passed) || isFew(tried - passed);
            return { module_id: m.id, title: m.title, tried: suppressed(tried, tried), pass_rate: hidden ? null : share(passed, tried) };
          }),
        };
      }),
    pass_rate_how: trainingHow('training_pass_rate'),
  };
}
