import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';

const DAY = 86_400_000;

/**
 * Activity of one client for the dashboard tests, created by the test itself (the base seed has
 * almost none): `europe` employees in Europe and `america` in North America with a submitted
 * self-assessment each (Europe reaches the small-group minimum, North America does not), two
 * started ones, requests in every state, a finalized and a draft evaluation, and follow-ups that
 * are answered, due, overdue and scheduled.
 */
export async function seedActivity(db: Kysely<Database>, clientCode: string, now: Date, counts = { europe: 6, america: 2 }) {
  const client = await db.selectFrom('clients').select('id').where('company_code', '=', clientCode).executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const evaluator = await db.selectFrom('users').select('id').where('email', '=', 'evaluator@ergoportal.example').executeTakeFirstOrThrow();
  const tag = randomBytes(3).toString('hex');
  const users: { id: number; region: string }[] = [];
  const people = [
    ...Array.from({ length: counts.europe }, () => 'Europe'),
    ...Array.from({ length: counts.america }, () => 'North America'),
  ];
  for (const [i, region] of people.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        first_name: `Jo${i}`,
        last_name: `Desk${tag}`,
        email: `jo${i}.${tag}@${clientCode.toLowerCase()}.example`,
        password_hash: null,
        client_id: client.id,
        role_id: role.id,
        region,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ id: row.id, region });
  }
  const bands = ['low', 'moderate', 'high'] as const;
  for (const [i, u] of users.entries()) {
    const score = 2 + (i % 8);
    await db
      .insertInto('assessment_attempts')
      .values({
        user_id: u.id,
        client_id: client.id,
        area: i % 2 ? 'home' : 'office',
        language: 'en',
        questionnaire_version: 1,
        answers: '{}',
        sections_done: '[]',
        status: 'submitted',
        started_at: new Date(now.getTime() - 2 * DAY),
        submitted_at: new Date(now.getTime() - DAY),
        result: JSON.stringify({ overall: { score, max: 10, band: bands[i % 3] }, findings: [], bodyMap: [] }),
        report_token: randomBytes(18).toString('base64url'),
        report_status: 'Finalized',
        overall_score: score,
        risk_band: bands[i % 3],
        finding_ids: [],
        body_scores: '{}',
      })
      .execute();
  }
  for (const u of users.slice(0, 2)) {
    await db
      .insertInto('assessment_attempts')
      .values({
        user_id: u.id,
        client_id: client.id,
        area: 'lab',
        language: 'en',
        questionnaire_version: 1,
        answers: '{}',
        sections_done: '[]',
        status: 'in_progress',
        started_at: new Date(now.getTime() - DAY),
      })
      .execute();
  }
  const request = (u: number, status: 'requested' | 'scheduled' | 'completed' | 'cancelled', daysAgo: number) =>
    db
      .insertInto('evaluation_requests')
      .values({
        user_id: u,
        client_id: client.id,
        preferred_times: 'Weekday mornings',
        notes: 'Shoulder ache after long video calls.',
        status,
        work_area: 'Office',
        time_zone: 'Europe/Berlin',
        created_at: new Date(now.getTime() - daysAgo * DAY),
        updated_at: new Date(now.getTime() - daysAgo * DAY),
        ...(status === 'scheduled'
          ? { evaluator_id: evaluator.id, scheduled_at: new Date(now.getTime() + DAY), meeting_url: 'https://meet.example/desk-review' }
          : {}),
        ...(status === 'completed' ? { evaluator_id: evaluator.id, completed_at: new Date(now.getTime() - 10 * DAY) } : {}),
        ...(status === 'cancelled' ? { cancelled_at: new Date(now.getTime() - daysAgo * DAY) } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  await request(users[0].id, 'requested', 1);
  await request(users[1].id, 'requested', 12);
  await request(users[2].id, 'scheduled', 3);
  await request(users[3].id, 'cancelled', 4);
  const done = await request(users[4].id, 'completed', 14);
  const evaluation = (u: number, status: string, requestId: number | null, finalized: Date | null) =>
    db
      .insertInto('evaluations')
      .values({
        client_id: client.id,
        employee_id: u,
        evaluator_id: evaluator.id,
        request_id: requestId,
        status,
        work_area: 'Office',
        recommendations: JSON.stringify([
          { text: 'Lower the monitor so its top line is at eye height.', priority: 'high' },
          { text: 'Take a short walk every hour.', priority: 'medium' },
        ]),
        created_at: new Date(now.getTime() - 12 * DAY),
        updated_at: finalized ?? now,
        finalized_at: finalized,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const finalized = await evaluation(users[4].id, 'finalized', done.id, new Date(now.getTime() - 7 * DAY));
  await evaluation(users[5].id, 'draft', null, null);
  // One follow-up per finalized report (migration 021): the first is this report's, the others each get their own.
  let firstFollowUp = true;
  const followUp = async (due: Date, answers: unknown) =>
    db
      .insertInto('follow_ups')
      .values({
        evaluation_id: firstFollowUp
          ? ((firstFollowUp = false), finalized.id)
          : (await evaluation(users[4].id, 'finalized', null, new Date(now.getTime() - 7 * DAY))).id,
        client_id: client.id,
        employee_id: users[4].id,
        due_at: due,
        ...(answers ? { answered_at: now, answers: JSON.stringify(answers) } : {}),
      })
      .execute();
  await followUp(new Date(now.getTime() - 3 * DAY), {
    recommendations: [
      { label: 'Lower the monitor so its top line is at eye height.', priority: 'high', status: 'done' },
      { label: 'Take a short walk every hour.', priority: 'medium', status: 'in_progress' },
    ],
    discomfort: { neck: { frequency: 1, discomfort: 1, interference: 0 } },
    comment: 'The monitor change helped.',
  });
  await followUp(new Date(now.getTime() - 2 * DAY), null);
  await followUp(new Date(now.getTime() - 30 * DAY), null);
  await followUp(new Date(now.getTime() + 20 * DAY), null);
  return { clientId: client.id, users, tag };
}
