import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ABSOLUTE_EXPIRY_MS, IDLE_EXPIRY_MS } from '../../auth/session-store';

const n = (value: unknown) => Number(value ?? 0);

/** The first instant of the month `offset` months from `now`'s month, in UTC. */
export function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/** Clients, users by status and live sessions (a family that is neither revoked nor past its idle or absolute limit). */
export async function peopleFigures(db: Kysely<Database>, now: Date) {
  const [clients, users, sessions] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('users')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('refresh_families')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('revoked_at', 'is', null)
      .where('last_used_at', '>', new Date(now.getTime() - IDLE_EXPIRY_MS))
      .where('created_at', '>', new Date(now.getTime() - ABSOLUTE_EXPIRY_MS))
      .executeTakeFirstOrThrow(),
  ]);
  const by = (rows: { status: string; n: string }[], status: string) => n(rows.find((r) => r.status === status)?.n);
  const sum = (rows: { n: string }[]) => rows.reduce((total, r) => total + n(r.n), 0);
  return {
    clients: { total: sum(clients), active: by(clients, 'active') },
    users: { total: sum(users), active: by(users, 'active'), disabled: by(users, 'disabled') },
    activeSessions: n(sessions.n),
  };
}

/** Self-assessments submitted this and last calendar month (UTC) and evaluation requests this month. */
export async function activityFigures(db: Kysely<Database>, now: Date) {
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, -1);
  const [current, previous, evaluations] = await Promise.all([
    db
      .selectFrom('assessment_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'submitted')
      .where('submitted_at', '>=', thisMonth)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('assessment_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'submitted')
      .where('submitted_at', '>=', lastMonth)
      .where('submitted_at', '<', thisMonth)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('evaluation_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', thisMonth)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    selfAssessmentsThisMonth: n(current.n),
    selfAssessmentsLastMonth: n(previous.n),
    evaluationRequestsThisMonth: n(evaluations.n),
    monthStart: thisMonth.toISOString(),
  };
}

/** Keeps the first character of the mailbox and the whole domain: enough to recognise, not to harvest (OWASP ASVS 8.3.4). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** The mail outbox by status, with the latest failures. */
export async function outboxFigures(db: Kysely<Database>) {
  const [statuses, failures] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'last_error', 'attempts', 'created_at', 'next_attempt_at'])
      .where('status', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(10)
      .execute(),
  ]);
  const by = (status: string) => n(statuses.find((r) => r.status === status)?.n);
  return {
    // Not delivered yet: queued for the worker, being sent, or kept in the outbox while no SMTP server is set ('pending', mailer.ts).
    queued: by('queued') + by('sending') + by('pending'),
    sent: by('sent'),
    failed: by('failed'),
    byStatus: Object.fromEntries(statuses.map((r) => [r.status, n(r.n)])),
    latestFailures: failures.map((f) => ({
      id: String(f.id),
      to: maskAddress(f.to_address),
      subject: f.subject,
      error: f.last_error ?? '',
      attempts: f.attempts,
      at: new Date(f.next_attempt_at ?? f.created_at).toISOString(),
    })),
  };
}

/**
 * The database's size and its largest tables. A server confined to one PostgreSQL schema (the test
 * servers) counts only that schema's tables; otherwise the whole database, which PGlite also answers.
 */
export async function storageFigures(db: Kysely<Database>) {
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0].s;
  // reltuples is -1 or 0 until a table is first analysed (small tables may never be); the statistics
  // collector's n_live_tup is the other estimate. Either way the eight tables shown are then counted.
  const tables = await sql<{ name: string; bytes: string; rows: string }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes,
      GREATEST(c.reltuples, COALESCE(s.n_live_tup, 0), 0)::bigint AS rows
    FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'p')
    ORDER BY pg_total_relation_size(c.oid) DESC`.execute(db);
  const scoped = schema !== 'public';
  const bytes = scoped
    ? tables.rows.reduce((total, t) => total + n(t.bytes), 0)
    : n((await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db)).rows[0].bytes);
  return {
    scope: scoped ? `schema ${schema}` : 'database',
    bytes,
    largestTables: await Promise.all(
      tables.rows
        .slice(0, 8)
        .map(async (t) => ({ name: t.name, bytes: n(t.bytes), estimatedRows: await rowFigure(db, t.name, n(t.rows)) })),
    ),
  };
}

/** Tables up to this many rows are counted exactly; a larger one shows the planner's estimate. */
export const COUNTED_ROWS = 100_000;

/**
 * A table's rows: counted, reading at most COUNTED_ROWS + 1 of them so a huge table costs no more
 * than that, and above that the larger of the count and the estimate.
 */
async function rowFigure(db: Kysely<Database>, table: string, estimate: number): Promise<number> {
  const counted = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${COUNTED_ROWS + 1}) AS t`.execute(db);
  const rows = n(counted.rows[0].n);
  return rows <= COUNTED_ROWS ? rows : Math.max(rows, estimate);
}
