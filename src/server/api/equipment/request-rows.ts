import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { Caller } from '../../context';
import { holds } from '../../context';
import type { EquipmentState } from '../../../../generated/workflows';
import { ASSESSMENT_LANGUAGES } from '../../../shared/assessment/types';
import { equipmentTransition } from '../../../shared/equipment/equipment-rules';

/** The reader's language for the catalogue's words (`lang`), English when absent or unknown. */
export function languageOf(lang: string | undefined): string {
  return (ASSESSMENT_LANGUAGES as readonly string[]).includes(lang ?? '') ? lang! : 'en';
}

/** The item's name in the language, else in English (migration 035: English is required). */
export const itemName = (lang: string, item: RawBuilder<unknown>) =>
  sql<string>`COALESCE((SELECT t.name FROM equipment_item_texts t WHERE t.item_id = ${item} AND t.language = ${lang}),
    (SELECT t.name FROM equipment_item_texts t WHERE t.item_id = ${item} AND t.language = 'en'), '')`;

export interface RowFilter {
  clientIds: readonly number[];
  states?: readonly string[];
  category?: string;
  q?: string;
  sort: string;
  dir: 'asc' | 'desc';
  start: number;
  size: number;
  lang: string;
}

interface RawRow {
  id: number;
  client_id: number;
  employee: string;
  email: string;
  item: string;
  category: string;
  quantity: number;
  total_cents: string | number;
  currency: string;
  mode: 'bought' | 'loaned';
  state: EquipmentState;
  auto_approved: boolean;
  delivery_address: string | null;
  desk_location: string | null;
  note: string | null;
  decline_reason: string | null;
  created_at: Date;
  updated_at: Date;
  loan_due_at: Date | null;
}

/**
 * The filter on the request row alone (migration 046): a category is the set of its item ids, a search
 * the ids of the employees and items whose words match, so the page and the count read one index of
 * equipment_requests and join nothing. The same rows as matching on the joined employee and item.
 */
function where(f: RowFilter) {
  const parts = [sql`r.client_id IN (${sql.join([...f.clientIds])})`];
  if (f.states?.length) parts.push(sql`r.state IN (${sql.join([...f.states])})`);
  if (f.category) parts.push(sql`r.item_id IN (SELECT i.id FROM equipment_items i WHERE i.category = ${f.category})`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    parts.push(sql`(r.user_id IN (SELECT u.id FROM users u WHERE lower(u.first_name || ' ' || u.last_name) LIKE ${like} OR lower(u.email) LIKE ${like})
      OR r.item_id IN (SELECT t.item_id FROM equipment_item_texts t WHERE lower(t.name) LIKE ${like}))`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * One page of requests and their count, for the manager's grid, its export and fulfilment's grid. The
 * page's ids are read first, in the order of an index (migration 046: by date, by state and date, or
 * by amount), with the employee joined only when the sort is by employee; then only those rows are
 * joined for their words. The count reads the same filter from an index alone. With `countCap` the
 * count stops there (`more`: the total is a floor, as the grid shows it), and a page that is not full
 * is its own count, so a client with 50,000 requests is not walked to say "more than 10,000".
 */
export async function requestRows(db: Kysely<Database>, f: RowFilter, sortColumn: string, countCap?: number) {
  if (f.clientIds.length === 0) return { rows: [] as RawRow[], total: 0, more: false };
  const joins = sql`JOIN users u ON u.id = r.user_id JOIN equipment_items i ON i.id = r.item_id`;
  const sortNeedsJoins = /\b[ui]\./.test(sortColumn);
  const dir = sql.raw(f.dir);
  const page = sql<RawRow>`
      WITH page AS (
        SELECT r.id, ${sql.raw(sortColumn)} AS sort_key FROM equipment_requests r ${sortNeedsJoins ? joins : sql``}
        WHERE ${where(f)}
        ORDER BY ${sql.raw(sortColumn)} ${dir}, r.id ${dir}
        OFFSET ${f.start} LIMIT ${f.size})
      SELECT r.id, r.client_id, u.first_name || ' ' || u.last_name AS employee, u.email,
             ${itemName(f.lang, sql`r.item_id`)} AS item, i.category, r.quantity,
             r.quantity * r.unit_price_cents AS total_cents, r.currency, r.mode, r.state, r.auto_approved,
             r.delivery_address, r.desk_location, r.note, r.decline_reason, r.created_at, r.updated_at, r.loan_due_at
      FROM page p JOIN equipment_requests r ON r.id = p.id ${joins}
      ORDER BY p.sort_key ${dir}, r.id ${dir}`;
  const limit = (cap: number | undefined) => (cap === undefined ? sql`` : sql`LIMIT ${cap + 1}`);
  const count = (cap: number | undefined) =>
    sql<{ total: string }>`SELECT count(*) AS total FROM (SELECT 1 FROM equipment_requests r WHERE ${where(f)} ${limit(cap)}) matched`;
  if (countCap === undefined) {
    const [rows, counted] = await Promise.all([page.execute(db), count(undefined).execute(db)]);
    return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0), more: false };
  }
  const { rows } = await page.execute(db);
  if (rows.length < f.size && (rows.length > 0 || f.start === 0)) return { rows, total: f.start + rows.length, more: false };
  const n = Number((await count(countCap).execute(db)).rows[0]?.total ?? 0);
  return { rows, total: Math.min(n, countCap), more: n > countCap };
}

/** A row as the grids answer it: the delivery in one line and what the reader may do with it. */
export function gridRow(r: RawRow, caller: Caller, now: Date) {
  const decides = holds(caller, equipmentTransition('approve').permission);
  const fulfils = holds(caller, equipmentTransition('order').permission);
  const loanDue = r.loan_due_at ? new Date(r.loan_due_at) : null;
  return {
    id: r.id,
    client_id: r.client_id,
    employee: r.employee,
    email: r.email,
    item: r.item,
    category: r.category,
    quantity: r.quantity,
    total_cents: Number(r.total_cents),
    currency: r.currency,
    mode: r.mode,
    state: r.state,
    auto_approved: r.auto_approved,
    delivery: [r.desk_location, r.delivery_address].filter(Boolean).join(' · '),
    note: r.note,
    decline_reason: r.decline_reason,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    loan_due_at: loanDue ? loanDue.toISOString() : null,
    overdue: r.state === 'loaned' && loanDue !== null && loanDue.getTime() < now.getTime(),
    can_decide: decides && r.state === 'requested',
    can_order: fulfils && r.state === 'approved' && r.mode === 'bought',
    can_deliver: fulfils && r.state === 'ordered',
    can_lend: fulfils && r.state === 'approved' && r.mode === 'loaned',
    can_take_back: fulfils && r.state === 'loaned',
  };
}
