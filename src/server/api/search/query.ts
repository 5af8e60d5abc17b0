import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { SORT_KEYS, type SearchKind } from '../../../shared/search/fields';
import type { SearchCondition, SearchDefinition } from '../../../shared/search/validate';
import { OVERDUE_ACTION_STATE } from '../../../shared/actions/action-rules';
import { reportState } from '../../domain/dashboards/training-figures';
import { addDays, zonedDayStart } from '../../../shared/zoned-day';

/**
 * Turns a checked custom-search definition (src/shared/search/validate.ts) into one SQL query for one
 * client. Every column, join and operator below is fixed text written here (a whitelist keyed by the
 * field's key); a user's values only ever travel as bound parameters (OWASP ASVS V5.3.4).
 */
type Fragment = RawBuilder<unknown>;
/**
 * When a search is read and by whom: the moment, and the reader's time zone (SPEC §2 dashboards: days
 * are the reader's days; src/server/domain/dashboards/reader-zone.ts), which the business days a
 * request waited are counted in.
 */
export interface Moment {
  readonly now: Date;
  readonly zone: string;
}
/** A condition is compiled for one client: the employee's actions and requests are that client's only. */
type Compile = (c: SearchCondition, at: Moment & { readonly client: number }) => Fragment;

/**
 * A day a condition names is the reader's day (SPEC §2 dashboards: days are the reader's days), as
 * the business days waited are: it begins at the reader's midnight, not UTC's. The bounds are
 * instants computed here, so the column is compared as it is stored and its index still serves.
 */
const day = (text: string, { zone }: Moment) => zonedDayStart(text, zone);
const nextDay = (text: string, { zone }: Moment) => zonedDayStart(addDays(text, 1), zone);
const like = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Text, number, date and enum columns: one expression, operators as the type allows. */
function scalar(expr: Fragment, type: 'text' | 'number' | 'date' | 'enum'): Compile {
  return ({ op, value }, at) => {
    if (op === 'is_empty') return type === 'text' ? sql`(${expr} IS NULL OR ${expr} = '')` : sql`${expr} IS NULL`;
    if (op === 'is_not_empty') return type === 'text' ? sql`(${expr} IS NOT NULL AND ${expr} <> '')` : sql`${expr} IS NOT NULL`;
    if (type === 'text') {
      const v = String(value);
      if (op === 'contains') return sql`lower(${expr}) LIKE ${`%${like(v)}%`}`;
      if (op === 'starts_with') return sql`lower(${expr}) LIKE ${`${like(v)}%`}`;
      if (op === 'equals') return sql`lower(${expr}) = ${v.toLowerCase()}`;
      return sql`(${expr} IS NULL OR lower(${expr}) <> ${v.toLowerCase()})`;
    }
    if (type === 'date') {
      if (op === 'between') {
        const [a, b] = value as [string, string];
        return sql`(${expr} >= ${day(a, at)} AND ${expr} < ${nextDay(b, at)})`;
      }
      const v = String(value);
      if (op === 'equals') return sql`(${expr} >= ${day(v, at)} AND ${expr} < ${nextDay(v, at)})`;
      if (op === 'before') return sql`${expr} < ${day(v, at)}`;
      if (op === 'on_or_before') return sql`${expr} < ${nextDay(v, at)}`;
      if (op === 'after') return sql`${expr} >= ${nextDay(v, at)}`;
      return sql`${expr} >= ${day(v, at)}`;
    }
    if (op === 'one_of') return sql`${expr} = ANY(${sql.val(value)}::text[])`;
    if (op === 'between') {
      const [a, b] = value as [number, number];
      return sql`${expr} BETWEEN ${a} AND ${b}`;
    }
    if (op === 'equals') return sql`${expr} = ${value}`;
    if (op === 'not_equals') return sql`(${expr} IS NULL OR ${expr} <> ${value})`;
    if (op === 'lt') return sql`${expr} < ${value}`;
    if (op === 'le') return sql`${expr} <= ${value}`;
    if (op === 'gt') return sql`${expr} > ${value}`;
    return sql`${expr} >= ${value}`;
  };
}

/** Keys of a jsonb object (or strings of a jsonb array): `?|` any of, `?&` all of. */
function jsonKeys(expr: Fragment): Compile {
  return ({ op, value }) => {
    if (op === 'includes_any') return sql`COALESCE(${expr} ?| ${sql.val(value)}::text[], false)`;
    if (op === 'includes_all') return sql`COALESCE(${expr} ?& ${sql.val(value)}::text[], false)`;
    const empty = sql`(${expr} IS NULL OR ${expr} IN ('{}'::jsonb, '[]'::jsonb))`;
    return op === 'is_empty' ? empty : sql`NOT ${empty}`;
  };
}

/**
 * Whether the employee (u) has a row of `table` in this client for each value (set fields): any of
 * them, all of them, or any row at all (is_not_empty) or none (is_empty). One EXISTS per value at
 * most (a set field has a handful of options), each answered by the table's (user_id, …) index.
 */
function employeeHas(rows: (client: number) => Fragment, column: Fragment): Compile {
  return ({ op, value }, { client }) => {
    if (op === 'is_empty' || op === 'is_not_empty') {
      const any = sql`EXISTS (SELECT 1 ${rows(client)})`;
      return op === 'is_empty' ? sql`NOT ${any}` : any;
    }
    if (op === 'includes_any') return sql`EXISTS (SELECT 1 ${rows(client)} AND ${column} = ANY(${sql.val(value)}::text[]))`;
    const each = (value as string[]).map((v) => sql`EXISTS (SELECT 1 ${rows(client)} AND ${column} = ${v})`);
    return sql`(${sql.join(each, sql` AND `)})`;
  };
}
const actionsOf = (client: number) => sql`FROM corrective_actions ca WHERE ca.user_id = u.id AND ca.client_id = ${client}`;
const requestsOf = (client: number) =>
  sql`FROM equipment_requests q JOIN equipment_items qi ON qi.id = q.item_id WHERE q.user_id = u.id AND q.client_id = ${client}`;
/** An open action past its due date (OVERDUE_ACTION_STATE), yes or no. */
const actionOverdue: Compile = ({ op, value }, { client, now }) => {
  const overdue = sql`EXISTS (SELECT 1 ${actionsOf(client)} AND ca.state = ${OVERDUE_ACTION_STATE} AND ca.due_at < ${now})`;
  const wanted = op === 'one_of' ? (value as string[]) : [String(value)];
  const yes = op === 'not_equals' ? !wanted.includes('yes') : wanted.includes('yes');
  const no = op === 'not_equals' ? !wanted.includes('no') : wanted.includes('no');
  return yes && no ? sql`true` : yes ? overdue : no ? sql`NOT ${overdue}` : sql`false`;
};

const enrolmentsOf = (client: number) => sql`FROM training_enrolments e WHERE e.user_id = u.id AND e.client_id = ${client}`;
/** Any of the employee's enrolments in this client whose course and state (reportState, as the activity page counts it) are chosen. */
const trainingCourseState: Compile = (c, at) => employeeHas(enrolmentsOf, sql`(e.course_id || ':' || ${reportState(at.now)})`)(c, at);

const NAME = sql`(u.first_name || ' ' || u.last_name)`;
/** Fields about the employee: a condition on any of them needs the employee join (u). */
const EMPLOYEE: Record<string, Compile> = {
  employee_name: scalar(NAME, 'text'),
  employee_email: scalar(sql`u.email`, 'text'),
  region: scalar(sql`u.region`, 'text'),
  action_state: employeeHas(actionsOf, sql`ca.state`),
  action_overdue: actionOverdue,
  equipment_state: employeeHas(requestsOf, sql`q.state`),
  equipment_category: employeeHas(requestsOf, sql`qi.category`),
  training_course_state: trainingCourseState,
};

/** Finding ids (text[]): contains / starts with test each id; equals needs one id exactly. */
const findings: Compile = ({ op, value }) => {
  if (op === 'is_empty') return sql`COALESCE(cardinality(a.finding_ids), 0) = 0`;
  if (op === 'is_not_empty') return sql`COALESCE(cardinality(a.finding_ids), 0) > 0`;
  if (op === 'equals') return sql`a.finding_ids @> ARRAY[${String(value).toLowerCase()}]::text[]`;
  // One LIKE over the ids joined by '|' rather than a subquery per attempt: the same answer at a
  // fraction of the cost on a large client. Ids are lower-case [a-z0-9_.] (schemas/assessment.schema.json
  // $defs.id), so a '|' never occurs in one and starts_with anchors after it.
  const text = String(value);
  if (text.includes('|')) return sql`false`;
  const ids = sql`('|' || array_to_string(a.finding_ids, '|'))`;
  return sql`${ids} LIKE ${op === 'contains' ? `%${like(text)}%` : `%|${like(text)}%`}`;
};

/** Recommendation priorities of an evaluation report ([{priority: high|medium|low, …}]). */
const priorities: Compile = ({ op, value }) => {
  if (op === 'is_empty') return sql`jsonb_array_length(e.recommendations) = 0`;
  if (op === 'is_not_empty') return sql`jsonb_array_length(e.recommendations) > 0`;
  const each = (value as string[]).map((p) => sql`e.recommendations @> ${JSON.stringify([{ priority: p }])}::jsonb`);
  return sql`(${sql.join(each, op === 'includes_any' ? sql` OR ` : sql` AND `)})`;
};

/**
 * Weekdays after the request day up to its first scheduling (or cancellation, or today), the days being
 * the reader's (business-days.ts in SQL; the zone is a name Intl knows, bound as a parameter).
 */
const waitDays = ({ now, zone }: Moment) => sql`(SELECT count(*)::int FROM generate_series((r.created_at AT TIME ZONE ${zone})::date + 1,
  (COALESCE(r.scheduled_first_at, r.cancelled_at, ${now}::timestamptz) AT TIME ZONE ${zone})::date, interval '1 day') d(day) WHERE extract(isodow FROM d.day) < 6)`;

interface KindQuery {
  /** FROM … WHERE <client and always-true scope>, with `client` bound. */
  from: (client: number) => Fragment;
  /** The same without the employee join, for counting when no condition names an employee field. */
  bare?: (client: number) => Fragment;
  /** Field key → condition compiler. */
  fields: Record<string, Compile>;
  /** Sortable column key → expression; the first is the default (newest first). */
  sorts: Record<string, (at: Moment) => Fragment>;
  defaultSort: string;
  select: (at: Moment) => Fragment;
}

export const KINDS: Record<SearchKind, KindQuery> = {
  'self-assessment': {
    from: (client) =>
      sql`FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.client_id = ${client} AND a.status = 'submitted'`,
    // user_id is NOT NULL and references users: every attempt has its employee, so the join adds no row and drops none.
    bare: (client) => sql`FROM assessment_attempts a WHERE a.client_id = ${client} AND a.status = 'submitted'`,
    fields: {
      ...EMPLOYEE,
      work_area: scalar(sql`a.area`, 'enum'),
      submitted_at: scalar(sql`a.submitted_at`, 'date'),
      overall_score: scalar(sql`a.overall_score`, 'number'),
      risk_band: scalar(sql`a.risk_band`, 'enum'),
      findings,
      discomfort_regions: jsonKeys(sql`a.body_scores`),
    },
    sorts: {
      submitted_at: () => sql`a.submitted_at`,
      employee_name: () => NAME,
      employee_email: () => sql`u.email`,
      region: () => sql`u.region`,
      work_area: () => sql`a.area`,
      overall_score: () => sql`a.overall_score`,
      risk_band: () => sql`a.risk_band`,
    },
    defaultSort: 'submitted_at',
    select: () => sql`a.id::text AS id, a.client_id, ${NAME} AS employee_name, u.email AS employee_email, u.region, a.area AS work_area,
      a.submitted_at, a.overall_score, a.risk_band, a.report_token AS report`,
  },
  'ergo-eval': {
    from: (client) => sql`FROM evaluations e JOIN users u ON u.id = e.employee_id LEFT JOIN users ev ON ev.id = e.evaluator_id
      WHERE e.client_id = ${client} AND e.status <> 'hidden'`,
    fields: {
      ...EMPLOYEE,
      status: scalar(sql`e.status`, 'enum'),
      work_area: scalar(sql`e.work_area`, 'enum'),
      evaluator: scalar(sql`(ev.first_name || ' ' || ev.last_name)`, 'text'),
      created_at: scalar(sql`e.created_at`, 'date'),
      finalized_at: scalar(sql`e.finalized_at`, 'date'),
      recommendation_priority: priorities,
    },
    sorts: {
      created_at: () => sql`e.created_at`,
      finalized_at: () => sql`e.finalized_at`,
      employee_name: () => NAME,
      employee_email: () => sql`u.email`,
      status: () => sql`e.status`,
      work_area: () => sql`e.work_area`,
      evaluator: () => sql`(ev.first_name || ' ' || ev.last_name)`,
    },
    defaultSort: 'created_at',
    select: () => sql`e.id::text AS id, e.client_id, ${NAME} AS employee_name, u.email AS employee_email, u.region, e.status, e.work_area,
      (ev.first_name || ' ' || ev.last_name) AS evaluator, e.created_at, e.finalized_at, NULL AS report`,
  },
  'schedule-request': {
    from: (client) => sql`FROM evaluation_requests r JOIN users u ON u.id = r.user_id WHERE r.client_id = ${client}`,
    fields: {
      ...EMPLOYEE,
      status: scalar(sql`r.status`, 'enum'),
      work_area: scalar(sql`r.work_area`, 'enum'),
      requested_at: scalar(sql`r.created_at`, 'date'),
      scheduled_at: scalar(sql`r.scheduled_at`, 'date'),
      wait_business_days: (c, at) => scalar(waitDays(at), 'number')(c, at),
    },
    sorts: {
      requested_at: () => sql`r.created_at`,
      scheduled_at: () => sql`r.scheduled_at`,
      employee_name: () => NAME,
      employee_email: () => sql`u.email`,
      status: () => sql`r.status`,
      work_area: () => sql`r.work_area`,
      wait_business_days: waitDays,
    },
    defaultSort: 'requested_at',
    select: (at) => sql`r.id::text AS id, r.client_id, ${NAME} AS employee_name, u.email AS employee_email, u.region, r.status, r.work_area,
      r.created_at AS requested_at, r.scheduled_at, ${waitDays(at)} AS wait_business_days, NULL AS report`,
  },
  'follow-up': {
    from: (client) => sql`FROM follow_ups f JOIN users u ON u.id = f.employee_id WHERE f.client_id = ${client}`,
    fields: {
      ...EMPLOYEE,
      due_at: scalar(sql`f.due_at`, 'date'),
      answered: ({ op, value }) => {
        const yes = op === 'one_of' ? null : value === 'yes';
        if (op === 'one_of')
          return (value as string[]).length === 2
            ? sql`true`
            : (value as string[])[0] === 'yes'
              ? sql`f.answered_at IS NOT NULL`
              : sql`f.answered_at IS NULL`;
        return (op === 'equals') === yes ? sql`f.answered_at IS NOT NULL` : sql`f.answered_at IS NULL`;
      },
      answered_at: scalar(sql`f.answered_at`, 'date'),
      recommendation_outcomes: jsonKeys(sql`(f.answers -> 'recommendations')`),
      discomfort_after: jsonKeys(sql`(f.answers -> 'discomfort')`),
    },
    sorts: {
      due_at: () => sql`f.due_at`,
      answered_at: () => sql`f.answered_at`,
      employee_name: () => NAME,
      employee_email: () => sql`u.email`,
    },
    defaultSort: 'due_at',
    select: () => sql`f.id::text AS id, f.client_id, ${NAME} AS employee_name, u.email AS employee_email, u.region, f.due_at, f.answered_at,
      f.answers -> 'recommendations' AS recommendation_outcomes, NULL AS report`,
  },
};

/** The shared list (fields.ts SORT_KEYS), each of which has its fixed expression here. */
export function sortKeys(kind: SearchKind): string[] {
  return SORT_KEYS[kind].filter((key) => Object.hasOwn(KINDS[kind].sorts, key));
}

function where(kind: SearchKind, client: number, definition: SearchDefinition, at: Moment, counting = false): Fragment {
  const q = KINDS[kind];
  const employeeField = definition.conditions.some((c) => Object.hasOwn(EMPLOYEE, c.field));
  const from = counting && q.bare && !employeeField ? q.bare(client) : q.from(client);
  const conditions = definition.conditions.map((c) => q.fields[c.field]!(c, { ...at, client }));
  if (!conditions.length) return from;
  return sql`${from} AND (${sql.join(conditions, definition.match === 'all' ? sql` AND ` : sql` OR `)})`;
}

export interface SearchPage {
  rows: Record<string, unknown>[];
  total: number;
}

/**
 * How many records match, counted up to `cap` (the count stops there: a client with 400,000 attempts
 * is not walked to say "more than 10,000"). Returns min(count, cap) and whether there were more.
 */
export async function countRows(
  db: Kysely<Database>,
  kind: SearchKind,
  client: number,
  definition: SearchDefinition,
  at: Moment,
  cap: number,
): Promise<{ total: number; more: boolean }> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT 1 ${where(kind, client, definition, at, true)} LIMIT ${cap + 1}) matched`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), more: n > cap };
}

/** One page of results; `sort` must already be one of sortKeys(kind). Ties break on id, so pages never overlap. */
export async function searchRows(
  db: Kysely<Database>,
  kind: SearchKind,
  client: number,
  definition: SearchDefinition,
  opts: { sort: string; dir: 'asc' | 'desc'; limit: number; offset: number; at: Moment },
): Promise<Record<string, unknown>[]> {
  const q = KINDS[kind];
  const order = q.sorts[opts.sort]!(opts.at);
  const dir = opts.dir === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  const id =
    kind === 'self-assessment' ? sql`a.id` : kind === 'ergo-eval' ? sql`e.id` : kind === 'schedule-request' ? sql`r.id` : sql`f.id`;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${q.select(opts.at)} ${where(kind, client, definition, opts.at)}
    ORDER BY ${order} ${dir}, ${id} ${opts.dir === 'asc' ? sql`ASC` : sql`DESC`} LIMIT ${opts.limit} OFFSET ${opts.offset}`.execute(db);
  return rows.map(present);
}

/** Values as the grid and the exports show them: ISO dates, outcomes as words. */
function present(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if (key === 'recommendation_outcomes') out[key] = outcomeWords(value);
    else out[key] = value;
  }
  return out;
}

function outcomeWords(value: unknown): string {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list) || !list.length) return '';
  const count = (v: string) => list.filter((x) => x === v).length;
  return [
    ['done', 'done'],
    ['in_progress', 'in progress'],
    ['not_done', 'not done'],
  ]
    .map(([v, w]) => [count(v!), w] as const)
    .filter(([n]) => n > 0)
    .map(([n, w]) => `${n} ${w}`)
    .join(', ');
}
