import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { COURSE_IDS } from '../../src/shared/training/types';

/**
 * The big seed's training (docs/product.md "Training: the programme manager's figures"): `enrolments`
 * enrolments (default 500,000) of the seeded employees, each employee in each course at most once (the
 * live-enrolment index), made over the last two years, due 30 days later, in every state: about six
 * in ten completed (with a score and a unique certificate code), some in progress, the rest not
 * started, so those past their due date count as overdue. One `INSERT … SELECT`.
 */
export async function seedBigTraining(db: Kysely<Database>, tag: string, enrolments = 500_000): Promise<void> {
  const courses = COURSE_IDS.length;
  await sql`
    WITH staff AS (SELECT id, client_id, row_number() OVER (ORDER BY id) AS n FROM users
                   WHERE email LIKE ${`${tag}.%`} AND email NOT LIKE ${`${tag}.evaluator%`})
    INSERT INTO training_enrolments (client_id, user_id, course_id, state, mandatory, due_at, started_at, completed_at, score,
      certificate_code, created_at, updated_at)
    SELECT s.client_id, s.id, c.course, st.state, c.k = 1, t.at + interval '30 days',
      CASE WHEN st.state <> 'assigned' THEN t.at + interval '2 days' END,
      CASE WHEN st.state = 'completed' THEN LEAST(now(), t.at + interval '12 days') END,
      CASE WHEN st.state = 'completed' THEN 70 + (s.n % 31)::int END,
      CASE WHEN st.state = 'completed' THEN upper(md5(${tag} || s.id || c.course)) END,
      t.at, t.at
    FROM staff s
      CROSS JOIN unnest(${sql.val([...COURSE_IDS])}::text[]) WITH ORDINALITY AS c(course, k),
      LATERAL (SELECT now() - make_interval(days => ((s.n * 7 + c.k * 131) % 730)::int, hours => (s.n % 24)::int) AS at) t,
      LATERAL (SELECT CASE WHEN (s.n + c.k) % 20 < 12 THEN 'completed' WHEN (s.n + c.k) % 20 < 15 THEN 'in_progress'
        ELSE 'assigned' END AS state) st
    WHERE (s.n - 1) * ${courses} + c.k <= ${enrolments}`.execute(db);
  await sql`ANALYZE training_enrolments`.execute(db);
}
