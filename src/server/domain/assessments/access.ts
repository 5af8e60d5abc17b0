import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { offeredAreas } from '../../../shared/assessment/offered-areas';
import type { WorkArea } from '../../../shared/assessment/types';

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
