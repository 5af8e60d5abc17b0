import type { Kysely } from 'kysely';
import type { Caller } from '../context';
import type { Database } from '../db/schema';
import { holds } from '../context';
import type { Permission } from '../../../generated/permissions';

/**
 * Who sees which client's evaluation records (docs/architecture.md "Who sees which client"): our staff
 * (evaluators, client managers) see the clients an administrator assigned them; a client's own
 * programme manager sees their own client. A record of any other client answers 404, so its
 * existence is not revealed.
 */
export const NOT_FOUND = 'Not found.';
/** The permission that makes a signed-in user one of the client's own programme managers (SPEC §6). */
export const PROGRAMME_MANAGER_PERMISSION: Permission = 'dashboard-pages-program-overview-view';

export async function assignedClientIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('staff_client_assignments').select('client_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.client_id);
}

export async function isAssigned(db: Kysely<Database>, userId: number, clientId: number): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('staff_client_assignments')
      .select('client_id')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst(),
  );
}

/** Our staff assigned to the client, or the client's own programme manager signed in to it. */
export async function canSeeClient(db: Kysely<Database>, caller: Caller, clientId: number): Promise<boolean> {
  if (caller.clientId === clientId && holds(caller, PROGRAMME_MANAGER_PERMISSION)) return true;
  return isAssigned(db, caller.userId, clientId);
}

/**
 * Administrators see every client (docs/architecture.md "Who sees which client"): the admin center's
 * permission to administer clients (SPEC §6 clients-view) is what makes one.
 */
const ADMINISTRATOR_PERMISSION: Permission = 'clients-view';

/**
 * Who may read a report (SPEC §6), self-assessment, survey or evaluation alike, and so an employee's
 * list of reports: the employee it belongs to, administrators, and whoever sees the report's client
 * (canSeeClient: its own programme manager, our staff assigned to it). Other permissions never open
 * another client's report: a client manager's account client is not one they serve. Anyone else is
 * answered 404, so a report token of another client is not even confirmed to exist.
 */
export async function canReadReport(
  db: Kysely<Database>,
  caller: Caller,
  report: { user_id: number; client_id: number },
): Promise<boolean> {
  if (report.user_id === caller.userId || holds(caller, ADMINISTRATOR_PERMISSION)) return true;
  return canSeeClient(db, caller, report.client_id);
}

/**
 * Every client the caller may see on dashboards, employee records and custom search (SPEC §1 "who
 * sees what"): their own client when they are its programme manager, and the clients assigned to
 * them, in id order.
 */
export async function visibleClientIds(db: Kysely<Database>, caller: Caller): Promise<number[]> {
  const ids = new Set(await assignedClientIds(db, caller.userId));
  if (holds(caller, PROGRAMME_MANAGER_PERMISSION)) ids.add(caller.clientId);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The client a dashboard call is about: the `:id` (or `client_id`) the caller named when they may
 * see it, else null (the handler answers 404 with NOT_FOUND, revealing nothing); without one, the
 * caller's own client when they may see it, else the first client assigned to them.
 */
export async function resolveClient(
  db: Kysely<Database>,
  caller: Caller,
  named: number | string | undefined | null,
): Promise<number | null> {
  if (named !== undefined && named !== null && named !== '') {
    const id = Number(named);
    if (!Number.isSafeInteger(id) || id < 1) return null;
    return (await canSeeClient(db, caller, id)) ? id : null;
  }
  const visible = await visibleClientIds(db, caller);
  if (visible.includes(caller.clientId)) return caller.clientId;
  return visible[0] ?? null;
}
