import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SearchKind } from '../../../shared/search/fields';
import { KINDS, type Moment } from './query';

/**
 * One record of a custom search's results for the detail view (SPEC §2 /custom-search-<kind>/:id/:clientId):
 * the grid's columns plus what the record itself holds, only when it belongs to `client`.
 */
export async function loadRecord(
  db: Kysely<Database>,
  kind: SearchKind,
  client: number,
  id: number,
  at: Moment,
): Promise<Record<string, unknown> | null> {
  const q = KINDS[kind];
  const idColumn =
    kind === 'self-assessment' ? sql`a.id` : kind === 'ergo-eval' ? sql`e.id` : kind === 'schedule-request' ? sql`r.id` : sql`f.id`;
  const extra =
    kind === 'self-assessment'
      ? sql`a.finding_ids AS findings, a.body_scores AS discomfort`
      : kind === 'ergo-eval'
        ? sql`e.recommendations, e.submitted_at`
        : kind === 'schedule-request'
          ? sql`r.preferred_times, r.discomfort, r.cancel_reason`
          : sql`f.answers, f.reminders_sent`;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${q.select(at)}, ${extra} ${q.from(client)} AND ${idColumn} = ${id}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return null;
  const out: Record<string, unknown> = { kind };
  for (const [key, value] of Object.entries(row))
    out[key] =
      value instanceof Date
        ? value.toISOString()
        : typeof value === 'string' && /^[[{]/.test(value) && key !== 'employee_name'
          ? tryJson(value)
          : value;
  return out;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
