import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, Handler } from '../../http/handler-types';
import { NOT_FOUND } from '../../policies/client-scope';
import { allCourses } from '../../../shared/training/localize';
import type { TrainingAudience } from '../../../shared/training/types';
import { enrolMatching } from '../../domain/training/enrol';
import { ensureTrainingDailyJob } from '../../domain/training/daily-job';

type Form = Parameters<Handler<'admin_training_assignment_create'>>[1]['payload'];

/** The form's fields as the row's columns: the audience's value lives in one column (migration 036). */
function columns(form: Form) {
  const audience = form.audience as TrainingAudience;
  return {
    course_id: form.course_id,
    audience,
    audience_value: audience === 'region' ? (form.region ?? '').trim() : audience === 'work_area' ? (form.work_area ?? null) : null,
    new_starter_days: audience === 'new_starters' ? (form.new_starter_days ?? null) : null,
    mandatory: form.mandatory,
    due_days: form.due_days,
    retrain_months: form.retrain_months ?? null,
    active: form.active,
  };
}

/** Why the form cannot be saved for this client, as a field message, or null. */
async function problem(
  trx: Transaction<Database>,
  clientId: number,
  form: Form,
): Promise<{ status: 400 | 404; message: string; field?: string } | null> {
  const client = await trx.selectFrom('clients').select('regions').where('id', '=', clientId).executeTakeFirst();
  if (!client) return { status: 404, message: NOT_FOUND };
  if (!(await allCourses()).some((c) => c.id === form.course_id))
    return { status: 400, message: 'This course is not available yet.', field: 'course_id' };
  const regions = (typeof client.regions === 'string' ? JSON.parse(client.regions) : client.regions) as string[];
  if (form.audience === 'region' && !regions.includes((form.region ?? '').trim()))
    return { status: 400, message: 'Choose one of the client\u2019s regions.', field: 'region' };
  return null;
}

const origin = (ctx: Parameters<Handler<'admin_training_assignments'>>[0], request: { protocol: string; host: string }) =>
  ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

/**
 * The admin center's training page (docs/product.md "Training"): each client's assignments; saving
 * one enrols the employees it matches at once, in the save's transaction (enrolMatching: parallel
 * saves never enrol anyone twice), and makes sure the daily run exists for later matches.
 */
export const adminHandlers = {
  async admin_training_assignments(ctx, _request, reply) {
    const [clients, assignments, courses] = await Promise.all([
      ctx.db.selectFrom('clients').select(['id', 'company_name', 'regions']).orderBy('company_name').execute(),
      ctx.db
        .selectFrom('training_assignments as a')
        .select([
          'a.id',
          'a.client_id',
          'a.course_id',
          'a.audience',
          'a.audience_value',
          'a.new_starter_days',
          'a.mandatory',
          'a.due_days',
          'a.retrain_months',
          'a.active',
          'a.updated_at',
          sql<string>`(SELECT count(*) FROM training_enrolments e WHERE e.assignment_id = a.id)`.as('enrolled'),
          sql<string>`(SELECT count(*) FROM training_enrolments e WHERE e.assignment_id = a.id AND e.state = 'completed')`.as('completed'),
        ])
        .orderBy('a.id')
        .execute(),
      allCourses(),
    ]);
    const titles = new Map(courses.map((c) => [c.id as string, c.title]));
    return ok(reply, {
      courses: courses.map((c) => ({ id: c.id, title: c.title })),
      clients: clients.map((c) => ({
        id: c.id,
        company_name: c.company_name,
        regions: (typeof c.regions === 'string' ? JSON.parse(c.regions) : c.regions) as string[],
        assignments: assignments
          .filter((a) => a.client_id === c.id)
          .map((a) => ({
            ...a,
            course_title: titles.get(a.course_id) ?? a.course_id,
            enrolled: Number(a.enrolled),
            completed: Number(a.completed),
            updated_at: new Date(a.updated_at).toISOString(),
          })),
      })),
    });
  },

  async admin_training_assignment_create(ctx, request, reply) {
    const clientId = parseId(request.params.clientId);
    if (!clientId) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const refused = await problem(trx, clientId, request.payload);
      if (refused) return refused;
      const row = await trx
        .insertInto('training_assignments')
        .values({ client_id: clientId, ...columns(request.payload), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const enrolled = await enrolMatching(trx, now, { assignmentId: row.id });
      await ensureTrainingDailyJob(trx, new Date(now.getTime() + 86_400_000), origin(ctx, request));
      return { id: row.id, enrolled: enrolled.length };
    });
    if ('status' in outcome)
      return fail(reply, outcome.status, outcome.message, outcome.field ? { [outcome.field]: outcome.message } : undefined);
    return ok(reply, outcome);
  },

  async admin_training_assignment_update(ctx, request, reply) {
    const clientId = parseId(request.params.clientId);
    const id = parseId(request.params.id);
    if (!clientId || !id) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const refused = await problem(trx, clientId, request.payload);
      if (refused) return refused;
      const row = await trx
        .updateTable('training_assignments')
        .set({ ...columns(request.payload), updated_at: now })
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .returning('id')
        .executeTakeFirst();
      if (!row) return { status: 404 as const, message: NOT_FOUND };
      const enrolled = await enrolMatching(trx, now, { assignmentId: row.id });
      await ensureTrainingDailyJob(trx, new Date(now.getTime() + 86_400_000), origin(ctx, request));
      return { id: row.id, enrolled: enrolled.length };
    });
    if ('status' in outcome)
      return fail(
        reply,
        outcome.status,
        outcome.message,
        'field' in outcome && outcome.field ? { [outcome.field]: outcome.message } : undefined,
      );
    return ok(reply, outcome);
  },
} satisfies AreaHandlers<'training'>;
