import type { Kysely } from 'kysely';
import type { Caller } from '../context';
import type { Database } from '../db/schema';
import { canSeeClient, isAssigned } from '../policies/client-scope';
import { offeredAreas } from '../../shared/assessment/offered-areas';
import type { WorkArea } from '../../shared/assessment/types';

/** SPEC §6: self-assessment pages and calls are off when the client's TakeASelfAssessment item has status 0. */
export async function selfAssessmentEnabled(db: Kysely<Database>, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('clients').select('site_menu_details').where('id', '=', clientId).executeTakeFirst();
  if (!row) return false;
  const menu = (typeof row.site_menu_details === 'string' ? JSON.parse(row.site_menu_details) : row.site_menu_details) as Record<
    string,
    { status?: number }
  >;
  return menu.TakeASelfAssessment?.status !== 0;
}

/** The work areas a client's employees may assess (shared/assessment/offered-areas.ts); none for an unknown client. */
export async function clientWorkAreas(db: Kysely<Database>, clientId: number): Promise<WorkArea[]> {
  const row = await db.selectFrom('clients').select(['work_area', 'access_list']).where('id', '=', clientId).executeTakeFirst();
  return row ? offeredAreas(row.work_area, row.access_list) : [];
}

const ADMIN = ['clients-view', 'site-access-admin-center-view'];
const EVALUATOR = ['evaluator-client-list', 'evaluator-reports-in-review'];
/** Client dashboards that open employees' reports (SPEC §2 employee, client-employee and overview report routes). */
const MANAGER = [
  'dashboard-pages-employee-search-view',
  'dashboard-pages-client-managers-view',
  'dashboard-pages-program-overview-view',
  'custom-search',
];

/**
 * Who may read a report (SPEC §6): the employee themself, admins, evaluators for the clients an
 * administrator assigned them, client managers likewise (ARCHITECTURE.md "Who sees which client"), and managers of the report's
 * own client. Everyone else is told it does not exist (404), so another client's manager or an
 * evaluator of other clients cannot even learn that a report token is valid.
 */
export async function canReadReport(
  db: Kysely<Database>,
  caller: Caller,
  report: { user_id: number; client_id: number },
): Promise<boolean> {
  const has = (list: readonly string[]) => list.some((p) => caller.permissions.includes(p));
  if (report.user_id === caller.userId && caller.permissions.includes('dashboard-pages-employee-dashboard-view')) return true;
  if (has(ADMIN)) return true;
  if (has(MANAGER) && report.client_id === caller.clientId) return true;
  // Custom search (SPEC §2 /custom-search-reports/:url) opens reports of every client the caller may search.
  if (caller.permissions.includes('custom-search') && (await canSeeClient(db, caller, report.client_id))) return true;
  // Our staff (evaluators and client managers) read the reports of the clients assigned to them:
  // the client-manager employee records (SPEC §2 /user/client-view-employee/:clientid/:id) link here.
  return (has(EVALUATOR) || has(MANAGER)) && isAssigned(db, caller.userId, report.client_id);
}
