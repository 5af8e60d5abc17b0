import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { recommendationLabel } from '../domain/evaluations/report-view';
import { DEMO_REPORTS, demoRosa } from './demo-evaluation-content';
import { evaluationWorkflow, type EvaluationTransitionName } from '../../../generated/workflows';

/** A report's way from draft to finalized without a return (manifest/workflows/evaluation.yaml). */
const HAPPY_PATH = (['submit', 'review', 'pass_qc', 'finalize'] satisfies EvaluationTransitionName[]).map((name) =>
  evaluationWorkflow.transitions.find((t) => t.name === name)!,
);

/**
 * Two years of one-to-one evaluations for the demo clients (Northwind, Arcadia, Contoso, Fabrikam),
 * for the programme dashboards (SPEC §2 /ergo-eval-activity, /follow-up-feedback, /client-request):
 * requests booked within 2–5 business days and reports finalized 1–3 business days after the call,
 * with about one in ten late; follow-ups 30 days later, most answered (most recommendations done or
 * in progress, discomfort lower than at the request), some never answered after three reminders.
 * Deterministic (a seeded PRNG) and written in a few batch statements so seeding stays fast.
 * The employees are demo accounts without a password: eval.employee.<n>@<client>.example.
 */
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 6);
const CLIENTS = [
  { code: 'NW01', domain: 'northwind', evaluations: 140, employees: 110 },
  { code: 'a45', domain: 'arcadia', evaluations: 110, employees: 90 },
  { code: 'CON1', domain: 'contoso', evaluations: 70, employees: 60 },
  { code: 'FAB1', domain: 'fabrikam', evaluations: 60, employees: 50 },
] as const;
const FIRST = [
  'Amira',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Mei',
  'Nils',
  'Olu',
  'Paula',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zoe',
];
const LAST = [
  'Abbott',
  'Becker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Mensah',
  'Novak',
  "O'Neill",
  'Petrov',
  'Quinn',
  'Rossi',
  'Sato',
  'Tanaka',
];
const AREAS = ['Office', 'Office', 'Office', 'Home', 'Home', 'Anywhere', 'Lab', 'Travel'] as const;
const ZONES = ['Europe/London', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'America/Chicago'];
const TIMES = ['Weekday mornings', 'Tuesday or Thursday afternoons', 'Any time before 15:00', 'Mondays and Wednesdays', 'Friday mornings'];
const NOTES = [
  'Neck stiffness by the end of the day.',
  'Lower back aches after long meetings.',
  'Tingling in my right wrist when using the mouse.',
  'New home set-up on a dining chair.',
  'Shoulder pain since moving to a laptop.',
  'Eye strain and headaches in the afternoon.',
  'Standing desk, not sure how to use it.',
];
const REGIONS = ['neck', 'lower_back', 'shoulder_right', 'wrist_right', 'upper_back', 'shoulder_left', 'forearm_right'];
const COMMENTS = [
  'The monitor riser made a real difference.',
  'Still waiting for the new chair from facilities.',
  'Breaks are hard to keep up on busy days.',
  'My back pain is mostly gone.',
  'Neck feels better; wrist still sore some days.',
  '',
  '',
  '',
];

/** Mulberry32: a small seeded PRNG, so every seed gives the same history. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** `days` business days after `from` (Monday to Friday), at a working hour. */
function addBusinessDays(from: number, days: number, hour: number): Date {
  const d = new Date(from);
  for (let left = days; left > 0;) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() % 6 !== 0) left -= 1;
  }
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}
async function batches<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedEvaluationHistory(
  db: Kysely<Database>,
  now: Date,
  evaluators: { author: number; reviewer: number },
): Promise<void> {
  const random = prng(20250106);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const clients = await db.selectFrom('clients').select(['id', 'company_code', 'regions']).execute();
  const end = now.getTime() - 10 * DAY;

  for (const c of CLIENTS) {
    const client = clients.find((row) => row.company_code === c.code);
    if (!client) continue;
    const regions = (typeof client.regions === 'string' ? JSON.parse(client.regions) : client.regions) as string[];
    const users = Array.from({ length: c.employees }, (_, i) => ({
      first_name: FIRST[(i * 7 + c.domain.length) % FIRST.length],
      last_name: LAST[(i * 3 + c.code.length) % LAST.length],
      email: `eval.employee.${i + 1}@${c.domain}.example`,
      password_hash: null,
      client_id: client.id,
      role_id: role.id,
      region: regions[i % regions.length] ?? null,
      created_at: new Date(START - int(10, 200) * DAY),
    }));
    const employeeIds: number[] = [];
    await batches(users, 500, async (chunk) => {
      employeeIds.push(...(await db.insertInto('users').values(chunk).returning('id').execute()).map((r) => r.id));
    });

    // Request times spread over the two years, a little busier each quarter as the programme grows.
    const times = Array.from({ length: c.evaluations }, () => START + Math.sqrt(random()) * (end - START)).sort((a, b) => a - b);
    const plans = times
      .map((created) => {
        const late = random() < 0.1;
        const hour = int(8, 15);
        const scheduled = addBusinessDays(created, late ? int(6, 12) : int(2, 5), hour);
        const finalized = addBusinessDays(scheduled.getTime(), late ? int(4, 8) : int(1, 3), int(9, 17));
        const regions = [...new Set(Array.from({ length: int(1, 3) }, () => pick(REGIONS)))];
        const discomfort = Object.fromEntries(
          regions.map((r) => [r, { frequency: int(2, 4), discomfort: int(1, 3), interference: int(0, 2) }]),
        );
        // A whole report: several observations, the ROSA they give, three to five recommendations (demo-evaluation-content.ts).
        const report = pick(DEMO_REPORTS);
        const recs = report.recommendations;
        const [author, reviewer] = random() < 0.5 ? [evaluators.author, evaluators.reviewer] : [evaluators.reviewer, evaluators.author];
        return {
          employee: pick(employeeIds),
          created: new Date(created),
          scheduled,
          finalized,
          discomfort,
          recs,
          author,
          reviewer,
          area: pick(AREAS),
          observations: report.observations,
          rosa: demoRosa(report),
        };
      })
      // History only: a late request near today would be finalized after it (a report dated next week).
      .filter((p) => p.finalized.getTime() < now.getTime() - DAY);
    const requestIds: number[] = [];
    await batches(plans, 300, async (chunk) => {
      requestIds.push(
        ...(
          await db
            .insertInto('evaluation_requests')
            .values(
              chunk.map((p) => ({
                user_id: p.employee,
                client_id: client.id,
                work_area: p.area,
                preferred_times: pick(TIMES),
                time_zone: pick(ZONES),
                notes: pick(NOTES),
                discomfort: JSON.stringify(p.discomfort),
                status: 'completed',
                evaluator_id: p.author,
                meeting_url: 'https://meet.example/ergoportal-demo',
                scheduled_first_at: p.scheduled,
                created_at: p.created,
                updated_at: p.scheduled,
                completed_at: p.scheduled,
              })),
            )
            .returning('id')
            .execute()
        ).map((r) => r.id),
      );
    });
    const evaluationIds: number[] = [];
    await batches(
      plans.map((p, i) => ({ p, request: requestIds[i] })),
      300,
      async (chunk) => {
        evaluationIds.push(
          ...(
            await db
              .insertInto('evaluations')
              .values(
                chunk.map(({ p, request }) => ({
                  client_id: client.id,
                  employee_id: p.employee,
                  evaluator_id: p.author,
                  request_id: request,
                  status: 'finalized',
                  work_area: p.area,
                  observations: JSON.stringify(p.observations),
                  rosa: JSON.stringify(p.rosa),
                  recommendations: JSON.stringify(p.recs),
                  version: 5,
                  created_at: p.scheduled,
                  updated_at: p.finalized,
                  submitted_at: new Date(p.scheduled.getTime() + int(2, 20) * 3_600_000),
                  finalized_at: p.finalized,
                })),
              )
              .returning('id')
              .execute()
          ).map((r) => r.id),
        );
      },
    );
    const moves = plans.flatMap((p, i) => {
      const submitted = new Date(p.scheduled.getTime() + 6 * 3_600_000);
      const step = (p.finalized.getTime() - submitted.getTime()) / 3;
      return HAPPY_PATH.map((transition, k) => ({
        evaluation_id: evaluationIds[i],
        transition: transition.name,
        from_status: transition.from[0]!,
        to_status: transition.to,
        actor_id: k === 0 ? p.author : p.reviewer,
        reason: '',
        at: new Date(submitted.getTime() + k * step),
      }));
    });
    await batches(moves, 1000, (chunk) => db.insertInto('evaluation_transitions').values(chunk).execute());
    await batches(
      plans.map((p, i) => ({
        evaluation_id: evaluationIds[i],
        version: 5,
        status: 'finalized',
        saved_by: p.reviewer,
        saved_at: p.finalized,
        content: JSON.stringify({
          work_area: p.area,
          observations: p.observations,
          rosa: p.rosa,
          recommendations: p.recs,
          client_wording: {},
        }),
      })),
      500,
      (chunk) => db.insertInto('evaluation_versions').values(chunk).execute(),
    );

    // Follow-ups 30 days after finalization (the default follow_up_days), where that date has passed.
    const followUps = plans.flatMap((p, i) => {
      const due = new Date(p.finalized.getTime() + 30 * DAY);
      if (due.getTime() > now.getTime()) return [];
      const answered = random() < 0.78;
      const reminders = answered ? (random() < 0.6 ? 0 : int(1, 2)) : Math.min(3, Math.floor((now.getTime() - due.getTime()) / (7 * DAY)));
      const answeredAt = new Date(due.getTime() + (reminders * 7 + int(0, 5)) * DAY + int(1, 10) * 3_600_000);
      if (answered && answeredAt.getTime() > now.getTime()) return [];
      const answers = answered
        ? {
            recommendations: p.recs.map((r) => {
              const x = random();
              return {
                label: recommendationLabel(r),
                priority: r.priority,
                status: x < 0.58 ? 'done' : x < 0.86 ? 'in_progress' : 'not_done',
              };
            }),
            // Mostly lower than at the request: some regions settle, the rest are felt less often.
            discomfort: Object.fromEntries(
              Object.entries(p.discomfort)
                .filter(() => random() < 0.55)
                .map(([region, a]) => [
                  region,
                  {
                    frequency: Math.max(1, a.frequency - int(0, 2)),
                    discomfort: Math.max(1, a.discomfort - int(0, 1)),
                    interference: Math.max(0, a.interference - 1),
                  },
                ]),
            ),
            comment: pick(COMMENTS),
          }
        : null;
      return [
        {
          evaluation_id: evaluationIds[i],
          client_id: client.id,
          employee_id: p.employee,
          due_at: due,
          reminders_sent: reminders,
          last_reminder_at: reminders ? new Date(due.getTime() + reminders * 7 * DAY) : null,
          answered_at: answers ? answeredAt : null,
          answers: answers ? JSON.stringify(answers) : null,
          created_at: due,
        },
      ];
    });
    await batches(followUps, 500, (chunk) => db.insertInto('follow_ups').values(chunk).execute());
  }
}
