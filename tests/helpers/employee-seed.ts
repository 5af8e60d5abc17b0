import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { FIRST, LAST } from './person-names';

/**
 * Synthetic employees for the employee-search tests and bench (SPEC §2 /employee-search): `perClient`
 * employees in each named client, in one INSERT … SELECT generate_series each (the fastest way to
 * load many rows on PostgreSQL and PGlite alike), two thirds with one or two submitted
 * self-assessments whose score and band follow the ROSA bands, one in eleven with an open request.
 * Addresses are `seed<n>.c<client>@bench.example`; the stored result is a stub (not a report to open).
 */
export const SEED_REGIONS = ['Europe', 'North America', 'Asia Pacific'];

export async function seedEmployees(db: Kysely<Database>, clientIds: readonly number[], perClient: number): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  await sql`INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status)
    SELECT (${sql.val(FIRST)}::text[])[1 + (g * 7) % ${FIRST.length}], (${sql.val(LAST)}::text[])[1 + (g * 13) % ${LAST.length}],
      'seed' || g || '.c' || c.id || '@bench.example', c.id, ${role.id}, (${sql.val(SEED_REGIONS)}::text[])[1 + g % ${SEED_REGIONS.length}],
      CASE WHEN g % 19 = 0 THEN 'inactive' ELSE 'active' END
    FROM unnest(${sql.val(clientIds)}::int[]) AS c(id), generate_series(1, ${perClient}) AS g`.execute(db);
  await sql`INSERT INTO assessment_attempts (user_id, client_id, area, language, questionnaire_version, status, submitted_at, result, report_token, report_status, overall_score, risk_band)
    SELECT u.id, u.client_id, (ARRAY['office', 'home', 'anywhere', 'lab', 'travel'])[1 + (u.id + k) % 5], 'en', 1, 'submitted',
      now() - (((u.id * 7 + k * 31) % 400) || ' days')::interval, '{"overall":{"score":0}}'::jsonb, 'seed-' || u.id || '-' || k, 'Finalized',
      s.score, CASE WHEN s.score <= 2 THEN 'low' WHEN s.score <= 4 THEN 'moderate' ELSE 'high' END
    FROM users u CROSS JOIN generate_series(1, 2) AS k CROSS JOIN LATERAL (SELECT 1 + (u.id * k * 3) % 10 AS score) s
    WHERE u.email LIKE 'seed%@bench.example' AND u.client_id = ANY(${sql.val(clientIds)}::int[]) AND (u.id + k) % 3 <> 0`.execute(db);
  await sql`INSERT INTO evaluation_requests (user_id, client_id, preferred_times, status)
    SELECT u.id, u.client_id, 'Weekday mornings', 'requested' FROM users u
    WHERE u.email LIKE 'seed%@bench.example' AND u.client_id = ANY(${sql.val(clientIds)}::int[]) AND u.id % 11 = 0`.execute(db);
}
