import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { TrainingFigureKey } from '../../../shared/training/report-states';
import { employeeIn, type FigureScope } from './figure-definitions';

/**
 * The training figures of the Programme Overview (docs/product.md "Training: the programme manager's
 * figures"), each defined here once; their "how this is counted" texts are
 * `staff.figures.how.<key>` (trainingHow).
 *
 * Counted: the enrolments of the client's employees made in the period (assigned), and of them, by
 * their state today (TRAINING_REPORT_STATES, `reportState`): completed, in progress, overdue (not
 * completed and past the due date, started or not). Each count comes with the employees behind it,
 * for the small-group rule. The pass rate of a module is the first-try pass rate: of the employees
 * who took the module's quiz in those enrolments, the share whose first attempt passed.
 */
export const trainingHow = (key: TrainingFigureKey | 'training_pass_rate') => `staff.figures.how.${key}`;

/** The state a programme manager sees, as SQL over an enrolment `e` (TRAINING_REPORT_STATES). */
export const reportState = (now: Date): RawBuilder<string> =>
  sql<string>`CASE WHEN e.state = 'completed' THEN 'completed' WHEN e.due_at < ${now} THEN 'overdue' ELSE e.state END`;

/** A count and the employees behind it. */
export interface Counted {
  readonly n: number;
  readonly people: number;
}

export interface CourseTraining {
  readonly courseId: string;
  readonly assigned: Counted;
  readonly completed: Counted;
  readonly inProgress: Counted;
  readonly overdue: Counted;
}

export interface ModulePassRate {
  readonly courseId: string;
  readonly moduleId: string;
  /** Employees who took the module's quiz at least once, and those whose first attempt passed. */
  readonly tried: number;
  readonly passedFirst: number;
}

export interface TrainingRows {
  /** Every course together (employees counted once across courses) and each course assigned in the period. */
  readonly total: CourseTraining;
  readonly courses: readonly CourseTraining[];
  readonly modules: readonly ModulePassRate[];
}

const num = (v: unknown) => Number(v ?? 0);

/** The enrolments of the scope as `e` (with `joined` tables): made in the period, of employees in the chosen regions. */
const enrolments = (
  s: FigureScope,
  joined: RawBuilder<unknown> = sql``,
) => sql`training_enrolments e ${employeeIn(s.regions, sql`e.user_id`)}
  ${joined}
  WHERE e.client_id = ${s.clientId} AND e.created_at >= ${s.from} AND e.created_at < ${s.until}`;

interface CountRow {
  course_id: string | null;
  n: string;
  people: string;
  done: string;
  done_people: string;
  prog: string;
  prog_people: string;
  late: string;
  late_people: string;
}

const counted = (n: unknown, people: unknown): Counted => ({ n: num(n), people: num(people) });
const courseOf = (r: CountRow): CourseTraining => ({
  courseId: r.course_id ?? '',
  assigned: counted(r.n, r.people),
  completed: counted(r.done, r.done_people),
  inProgress: counted(r.prog, r.prog_people),
  overdue: counted(r.late, r.late_people),
});

/**
 * The training figures of a client, period and regions: one statement for the counts and one for the
 * first tries. The counts group the enrolments by ROLLUP (user_id, course_id): each employee's
 * enrolments per course, and each employee's over every course (course_id NULL, the total), in one
 * pass over migration 047's index, which holds them in that order; then the few courses are summed,
 * with an employee counted once per course and once in the total.
 */
export async function trainingRows(db: Kysely<Database>, s: FigureScope, now: Date): Promise<TrainingRows> {
  const state = reportState(now);
  const [counts, firsts] = await Promise.all([
    sql<CountRow>`
      WITH per AS (
        SELECT e.user_id, e.course_id, count(*) AS n,
          count(*) FILTER (WHERE ${state} = 'completed') AS done,
          count(*) FILTER (WHERE ${state} = 'in_progress') AS prog,
          count(*) FILTER (WHERE ${state} = 'overdue') AS late
        FROM ${enrolments(s)}
        GROUP BY ROLLUP (e.user_id, e.course_id))
      SELECT course_id, sum(n) AS n, count(*) AS people,
        sum(done) AS done, count(*) FILTER (WHERE done > 0) AS done_people,
        sum(prog) AS prog, count(*) FILTER (WHERE prog > 0) AS prog_people,
        sum(late) AS late, count(*) FILTER (WHERE late > 0) AS late_people
      FROM per WHERE user_id IS NOT NULL GROUP BY course_id`.execute(db),
    sql<{ course_id: string; module_id: string; tried: string; passed: string }>`
      SELECT f.course_id, f.module_id, count(*) AS tried, count(*) FILTER (WHERE f.passed) AS passed
      FROM (SELECT DISTINCT ON (e.user_id, e.course_id, q.module_id) e.course_id, q.module_id, q.passed
            FROM ${enrolments(s, sql`JOIN training_quiz_attempts q ON q.enrolment_id = e.id`)}
            ORDER BY e.user_id, e.course_id, q.module_id, q.created_at, q.id) f
      GROUP BY 1, 2`.execute(db),
  ]);
  const none: CountRow = {
    course_id: null,
    n: '0',
    people: '0',
    done: '0',
    done_people: '0',
    prog: '0',
    prog_people: '0',
    late: '0',
    late_people: '0',
  };
  const total = counts.rows.find((r) => r.course_id === null) ?? none;
  return {
    total: courseOf(total),
    courses: counts.rows.filter((r) => r.course_id !== null).map(courseOf),
    modules: firsts.rows.map((r) => ({ courseId: r.course_id, moduleId: r.module_id, tried: num(r.tried), passedFirst: num(r.passed) })),
  };
}
