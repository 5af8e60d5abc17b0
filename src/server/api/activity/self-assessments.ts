import { sql, type Kysely } from 'kysely';
import { WORK_AREAS } from '../../../shared/assessment/types';
import { suppressed } from '../../../shared/dashboards/small-groups';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { activitySelfAssessmentsGrid, type ActivitySelfAssessmentsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, RequestWith } from '../../http/handler-types';
import {
  clientOf,
  monthOf,
  monthsIn,
  n,
  oneOf,
  pickableClients,
  rangeDays,
  rangeOf,
  type Query,
  type Range,
} from '../../domain/dashboards/scope';

/**
 * SPEC §2 /user/self-assessment-activity: a client's self-assessments over a period, by month, work
 * area, risk band and the employee's region, and the latest submissions. Figures come from the
 * columns migration 020 copies out of each submitted attempt.
 */
const BANDS = ['low', 'moderate', 'high'] as const;
interface Filters {
  readonly clientId: number;
  readonly range: Range;
  readonly region?: string;
  readonly area?: string;
  readonly band?: string;
}

function filtersOf(query: Query, clientId: number, now: Date): Filters | string {
  const range = rangeOf(query, now);
  if (typeof range === 'string') return range;
  const area = oneOf(query.area, WORK_AREAS, 'area');
  const band = oneOf(query.band, BANDS, 'band');
  if (typeof area === 'object') return area.error;
  if (typeof band === 'object') return band.error;
  const region = query.region ? query.region.slice(0, 100) : undefined;
  return { clientId, range, region, area, band };
}

/** Attempts of the client in the range (by `dateColumn`), with the page's filters; joined to the employee. */
function attempts(db: Kysely<Database>, f: Filters, dateColumn: 'a.submitted_at' | 'a.started_at') {
  let q = db
    .selectFrom('assessment_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.client_id', '=', f.clientId)
    .where(dateColumn, '>=', f.range.from)
    .where(dateColumn, '<', f.range.to);
  if (f.region) q = q.where('u.region', '=', f.region);
  if (f.area) q = q.where('a.area', '=', f.area);
  if (f.band) q = q.where('a.risk_band', '=', f.band as 'low');
  return q;
}
const submitted = (db: Kysely<Database>, f: Filters) => attempts(db, f, 'a.submitted_at').where('a.status', '=', 'submitted');

export async function selfAssessmentFigures(db: Kysely<Database>, f: Filters) {
  const started = await attempts(db, f, 'a.started_at')
    .select([
      monthOf('a.started_at', f.range.zone).as('month'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(DISTINCT a.user_id)`.as('people'),
    ])
    .groupBy(sql`1`)
    .execute();
  const perMonth = await submitted(db, f)
    .select([
      monthOf('a.submitted_at', f.range.zone).as('month'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(DISTINCT a.user_id)`.as('people'),
    ])
    .groupBy(sql`1`)
    .execute();
  const perArea = await submitted(db, f)
    .select([
      'a.area',
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(DISTINCT a.user_id)`.as('employees'),
      sql<string | null>`round(avg(a.overall_score), 1)`.as('average'),
    ])
    .groupBy('a.area')
    .orderBy('a.area')
    .execute();
  const perBand = await submitted(db, f)
    .select(['a.risk_band', (eb) => eb.fn.countAll<string>().as('count'), sql<string>`count(DISTINCT a.user_id)`.as('people')])
    .groupBy('a.risk_band')
    .execute();
  const perRegion = await submitted(db, f)
    .select([
      sql<string>`coalesce(u.region, '')`.as('region'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(DISTINCT a.user_id)`.as('employees'),
      sql<string | null>`round(avg(a.overall_score), 1)`.as('average'),
      sql<string>`count(*) FILTER (WHERE a.risk_band = 'high')`.as('high'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  const startedTotal = started.reduce((s, r) => s + n(r.count), 0);
  const completedOfStarted = n(
    (
      await attempts(db, f, 'a.started_at')
        .where('a.status', '=', 'submitted')
        .select((eb) => eb.fn.countAll<string>().as('c'))
        .executeTakeFirst()
    )?.c,
  );
  const months = monthsIn(f.range);
  // SPEC §1 small groups: every count here is about the people behind it; fewer than five is null.
  const count = (rows: { month: string; count: string | number; people: string | number }[], m: string) => {
    const row = rows.find((r) => r.month === m);
    return row ? suppressed(n(row.people), n(row.count)) : 0;
  };
  const employees = n(
    (
      await submitted(db, f)
        .select(sql<string>`count(DISTINCT a.user_id)`.as('c'))
        .executeTakeFirst()
    )?.c,
  );
  const starters = n(
    (
      await attempts(db, f, 'a.started_at')
        .select(sql<string>`count(DISTINCT a.user_id)`.as('c'))
        .executeTakeFirst()
    )?.c,
  );
  return {
    range: rangeDays(f.range),
    totals: {
      started: suppressed(starters, startedTotal),
      submitted: suppressed(
        employees,
        perMonth.reduce((s, r) => s + n(r.count), 0),
      ),
      // Of the attempts started in the period, the share already submitted (SPEC §2 completion).
      completion: suppressed(starters, startedTotal ? Math.round((completedOfStarted / startedTotal) * 100) : null),
      employees: suppressed(employees, employees),
    },
    months: months.map((m) => ({ month: m, started: count(started, m), submitted: count(perMonth, m) })),
    areas: perArea.map((r) => ({
      area: r.area,
      submitted: suppressed(n(r.employees), n(r.count)),
      employees: suppressed(n(r.employees), n(r.employees)),
      average_score: suppressed(n(r.employees), r.average === null ? null : Number(r.average)),
    })),
    bands: BANDS.map((b) => {
      const row = perBand.find((r) => r.risk_band === b);
      return { band: b, submitted: row ? suppressed(n(row.people), n(row.count)) : 0 };
    }),
    // A region's figures point at people when fewer than five employees are in it (SPEC §1).
    regions: perRegion.map((r) => {
      const employees = n(r.employees);
      return {
        region: r.region || null,
        employees: suppressed(employees, employees),
        submitted: suppressed(employees, n(r.count)),
        average_score: suppressed(employees, r.average === null ? null : Number(r.average)),
        high_risk: suppressed(employees, n(r.high)),
      };
    }),
  };
}

/** Each sort key of manifest/grids/ to its column: a key added there is a type error here until it can be sorted by. */
const SORTABLE: Record<ActivitySelfAssessmentsGridSort, string> = {
  submitted_at: 'a.submitted_at',
  employee: 'u.last_name',
  area: 'a.area',
  score: 'a.overall_score',
  band: 'a.risk_band',
  region: 'u.region',
};

async function regionsOf(db: Kysely<Database>, clientId: number): Promise<string[]> {
  const row = await db.selectFrom('clients').select('regions').where('id', '=', clientId).executeTakeFirst();
  return Array.isArray(row?.regions) ? (row.regions as string[]) : [];
}

function pageFilters(ctx: AppContext, request: RequestWith<unknown, Query>, clientId: number) {
  return filtersOf(request.query, clientId, ctx.now());
}

export const selfAssessmentActivityHandlers = {
  async activity_self_assessments(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const f = pageFilters(ctx, request, clientId);
    if (typeof f === 'string') return fail(reply, 400, f);
    return ok(reply, {
      client_id: clientId,
      clients: await pickableClients(ctx, request),
      region_choices: await regionsOf(ctx.db, clientId),
      ...(await selfAssessmentFigures(ctx.db, f)),
    });
  },
  async activity_self_assessment_rows(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const f = pageFilters(ctx, request, clientId);
    const grid = parseDeclaredGridQuery(request.query, activitySelfAssessmentsGrid);
    if (typeof f === 'string') return fail(reply, 400, f);
    if (typeof grid === 'string') return fail(reply, 400, grid);
    const dir = request.query && request.query.sort ? grid.dir : 'desc';
    const rows = await submitted(ctx.db, f)
      .select([
        'a.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.region',
        'a.area',
        'a.submitted_at',
        'a.overall_score',
        'a.risk_band',
        'a.report_token',
      ])
      .orderBy(sql.ref(SORTABLE[grid.sort]), dir)
      .orderBy('a.id', 'desc')
      .limit(grid.size)
      .offset(grid.start)
      .execute();
    const total = n(
      (
        await submitted(ctx.db, f)
          .select((eb) => eb.fn.countAll<string>().as('c'))
          .executeTakeFirst()
      )?.c,
    );
    return ok(reply, {
      total,
      rows: rows.map((r) => ({
        id: String(r.id),
        employee: `${r.first_name} ${r.last_name}`,
        email: r.email,
        region: r.region,
        area: r.area,
        submitted_at: r.submitted_at,
        score: r.overall_score,
        band: r.risk_band,
        url: r.report_token,
      })),
    });
  },
} satisfies AreaHandlers<'activity'>;
