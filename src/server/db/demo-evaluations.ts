import type { Kysely } from 'kysely';
import { evaluationWorkflow } from '../../../generated/workflows';
import type { Database } from './schema';
import { seedEvaluationHistory } from './demo-evaluation-history';
import { DEMO_REPORTS, demoRosa } from './demo-evaluation-content';

/** The demo evaluators; both serve every demo client (README "Demo accounts"). */
export const DEMO_EVALUATORS = ['evaluator@ergoportal.example', 'evaluator2@ergoportal.example'];
const DAY = 86_400_000;
/** The demo client whose reports wait for its programme manager's approval (full demo only). */
export const APPROVING_CLIENT = 'NW01';

const DEMO_REQUESTS = [
  {
    email: 'newstarter@northwind.example',
    area: 'Home',
    daysAgo: 3,
    times: 'Weekday mornings before 11:00',
    zone: 'Europe/London',
    // Taken by the evaluator, who has started her report from it (her draft below): starting a report
    // from a request completes the request (src/server/api/evaluations/evaluation-handlers.ts).
    status: 'completed',
    notes: 'New laptop on the kitchen table; my neck aches by lunchtime.',
    discomfort: { neck: { frequency: 3, discomfort: 2, interference: 1 } },
  },
  {
    email: 'employee@fabrikam.example',
    area: 'Office',
    daysAgo: 9,
    times: 'Tuesday or Thursday afternoons',
    zone: 'Asia/Tokyo',
    status: 'requested',
    notes: 'Tingling in my right hand after long spreadsheet days.',
    discomfort: {
      wrist_right: { frequency: 4, discomfort: 2, interference: 1 },
      forearm_right: { frequency: 2, discomfort: 1, interference: 0 },
    },
  },
  {
    email: 'employee@fabrikam.example',
    area: 'Home',
    daysAgo: 20,
    times: 'Any evening',
    zone: 'Asia/Tokyo',
    status: 'cancelled',
    notes: 'Moved desks; no longer needed.',
    discomfort: {},
  },
  {
    email: 'employee@northwind.example',
    area: 'Office',
    daysAgo: 2,
    times: 'Mondays after 14:00',
    zone: 'America/New_York',
    status: 'scheduled',
    notes: 'Sit-stand desk, not sure of the heights.',
    discomfort: { lower_back: { frequency: 2, discomfort: 2, interference: 0 } },
  },
  {
    email: 'employee@northwind.example',
    area: 'Home',
    daysAgo: 30,
    times: 'Fridays',
    zone: 'America/New_York',
    status: 'completed',
    notes: 'Back pain on long days at home.',
    discomfort: { lower_back: { frequency: 3, discomfort: 2, interference: 1 } },
  },
] as const;

/** Demo reports and the moves that led to them (each move's actor: the author, or the second evaluator). */
const DEMO_EVALUATIONS = [
  { email: 'employee@northwind.example', area: 'Home', fromRequest: 4, path: ['submit', 'review', 'pass_qc', 'finalize'] },
  { email: 'employee@fabrikam.example', area: 'Office', fromRequest: null, path: ['submit'] },
  { email: 'employee@arcadia.example', area: 'Anywhere', fromRequest: null, path: ['submit', 'send_back'] },
  { email: 'newstarter@northwind.example', area: 'Home', fromRequest: 0, path: [] },
  // Every other state of the workflow, so each dashboard filter has a report to show.
  { email: 'employee@contoso.example', area: 'Office', fromRequest: null, path: ['submit', 'review'] },
  { email: 'employee@arcadia.example', area: 'Home', fromRequest: null, path: ['submit', 'review', 'pass_qc'] },
  {
    email: 'eval.employee.1@northwind.example',
    area: 'Office',
    fromRequest: null,
    path: ['submit', 'review', 'pass_qc', 'send_for_approval'],
  },
  {
    email: 'eval.employee.2@northwind.example',
    area: 'Home',
    fromRequest: null,
    path: ['submit', 'review', 'pass_qc', 'send_for_approval', 'decline'],
  },
  {
    email: 'eval.employee.3@northwind.example',
    area: 'Office',
    fromRequest: null,
    path: ['submit', 'review', 'pass_qc', 'finalize', 'hide'],
  },
] as const;

/**
 * Demo evaluation data: both evaluators assigned to every demo client by the super admin; open,
 * booked, cancelled and completed requests; and reports in several workflow states with their
 * transitions and versions, so the evaluator and programme dashboards have something to show.
 */
export async function seedEvaluations(
  db: Kysely<Database>,
  now = new Date(),
  options: { history: boolean } = { history: true },
): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'superadmin@ergoportal.example').executeTakeFirst();
  const evaluators = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', DEMO_EVALUATORS).execute();
  const byEmail = (email: string) => evaluators.find((e) => e.email === email)!.id;
  if (options.history) {
    await seedEvaluationHistory(db, now, { author: byEmail(DEMO_EVALUATORS[0]), reviewer: byEmail(DEMO_EVALUATORS[1]) });
    // In the full demo Northwind's programme manager approves each report before the employee reads it
    // (SPEC §1), so the approvals list and the overview's attention panel have reports to show.
    await db.updateTable('clients').set({ evaluation_approval_required: true }).where('company_code', '=', APPROVING_CLIENT).execute();
  }
  const users = new Map((await db.selectFrom('users').select(['id', 'email', 'client_id']).execute()).map((u) => [u.email, u]));
  const [author, reviewer] = DEMO_EVALUATORS.map((email) => users.get(email)!);
  // The client's programme manager approves or declines (manifest/workflows/evaluation.yaml).
  const clientManager = users.get('manager@northwind.example') ?? reviewer;
  const clients = await db.selectFrom('clients').select('id').execute();
  await db
    .insertInto('staff_client_assignments')
    .values([author, reviewer].flatMap((e) => clients.map((c) => ({ user_id: e.id, client_id: c.id, assigned_by: admin?.id ?? null }))))
    .execute();
  const requestIds: number[] = [];
  for (const r of DEMO_REQUESTS) {
    const user = users.get(r.email)!;
    const created = new Date(now.getTime() - r.daysAgo * DAY);
    const scheduled =
      r.status === 'scheduled'
        ? {
            evaluator_id: author.id,
            scheduled_at: new Date(now.getTime() + 2 * DAY),
            meeting_url: 'https://meet.example/ergoportal-demo',
            scheduled_first_at: created,
          }
        : {};
    const row = await db
      .insertInto('evaluation_requests')
      .values({
        user_id: user.id,
        client_id: user.client_id,
        work_area: r.area,
        preferred_times: r.times,
        time_zone: r.zone,
        notes: r.notes,
        discomfort: JSON.stringify(r.discomfort),
        status: r.status,
        created_at: created,
        updated_at: created,
        ...scheduled,
        ...(r.status === 'cancelled' ? { cancelled_by: user.id, cancelled_at: created } : {}),
        ...(r.status === 'completed' ? { evaluator_id: author.id, completed_at: created } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    requestIds.push(row.id);
  }
  for (const e of DEMO_EVALUATIONS) {
    // The history's employees exist only when the history is seeded (DEMO_HISTORY).
    const employee = users.get(e.email);
    if (!employee) continue;
    let status: string = evaluationWorkflow.initial;
    // Whole reports (demo-evaluation-content.ts), one after another so every seed is the same.
    const report = DEMO_REPORTS[DEMO_EVALUATIONS.indexOf(e) % DEMO_REPORTS.length];
    const content = {
      work_area: e.area,
      observations: report.observations,
      rosa: demoRosa(report),
      recommendations: report.recommendations,
      client_wording: {},
    };
    const row = await db
      .insertInto('evaluations')
      .values({
        client_id: employee.client_id,
        employee_id: employee.id,
        evaluator_id: author.id,
        request_id: e.fromRequest === null ? null : requestIds[e.fromRequest],
        work_area: e.area,
        observations: JSON.stringify(content.observations),
        rosa: JSON.stringify(content.rosa),
        recommendations: JSON.stringify(content.recommendations),
        // A report started from a request is started when the request was taken, never before it was made.
        created_at: new Date(now.getTime() - Math.min(10, e.fromRequest === null ? 10 : DEMO_REQUESTS[e.fromRequest].daysAgo) * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('evaluation_versions')
      .values({ evaluation_id: row.id, version: 1, status, content: JSON.stringify(content), saved_by: author.id })
      .execute();
    for (const [index, name] of e.path.entries()) {
      const transition = evaluationWorkflow.transitions.find((t) => t.name === name)!;
      const actor =
        transition.permission === 'dashboard-pages-program-overview-view'
          ? clientManager
          : transition.requires.includes('not_author') || transition.permission === 'evaluator-reports-in-review'
            ? reviewer
            : author;
      const at = new Date(now.getTime() - (9 - index) * DAY);
      await db
        .insertInto('evaluation_transitions')
        .values({
          evaluation_id: row.id,
          transition: name,
          from_status: status,
          to_status: transition.to,
          actor_id: actor.id,
          reason: transition.requires.includes('reason')
            ? 'Please add the monitor height and the chair adjustments you made together.'
            : '',
          at,
        })
        .execute();
      status = transition.to;
      await db
        .insertInto('evaluation_versions')
        .values({ evaluation_id: row.id, version: index + 2, status, content: JSON.stringify(content), saved_by: actor.id, saved_at: at })
        .execute();
    }
    await db
      .updateTable('evaluations')
      .set({
        status,
        version: e.path.length + 1,
        ...(e.path.length ? { submitted_at: new Date(now.getTime() - 9 * DAY) } : {}),
        ...((e.path as readonly string[]).includes('finalize') ? { finalized_at: new Date(now.getTime() - 6 * DAY) } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }
}
