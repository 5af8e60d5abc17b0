-- The programme manager's training figures (docs/product.md "Training: the programme manager's
-- figures"; docs/architecture.md "Training figures"), after migration 036. Its index on (client_id,
-- course_id, state, due_at) answered neither of them without reading every enrolment of the client
-- from the table and sorting them:
--
-- The overview's training panel counts a client's enrolments of a period per employee and course and
-- per employee (GROUP BY ROLLUP (user_id, course_id), src/server/domain/dashboards/training-figures.ts).
-- Read in (user_id, course_id) order with the period, state and due date at hand, that is one pass over
-- this index alone: no sort, no hash of every employee, nothing written to disk.
CREATE INDEX training_enrolments_client_people ON training_enrolments (client_id, user_id, course_id)
  INCLUDE (created_at, state, due_at);

-- Training Activity lists the enrolments made in a period, newest first by default (created_at, id),
-- and counts them: the page's 100 rows are the first entries of this index, and the count (with the
-- state filter) reads only its range of the period.
CREATE INDEX training_enrolments_client_created ON training_enrolments (client_id, created_at DESC, id DESC)
  INCLUDE (user_id, course_id, state, due_at);
