import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { eligibleByRegion, reportsFinalized } from '../../domain/dashboards/figure-definitions';
import type { OverviewParams } from '../../domain/dashboards/overview-params';
import { rollupTotals } from './overview-rollups';

/**
 * The figures several parts of one Programme Overview answer read (the headline, the figures and the
 * pipeline: eligible employees, reports finalized and the self-assessment totals of the period),
 * each counted once per call and shared. A part called alone counts its own.
 */
export function sharedFigures(db: Kysely<Database>, p: OverviewParams) {
  let eligible: ReturnType<typeof eligibleByRegion> | undefined;
  let finalized: ReturnType<typeof reportsFinalized> | undefined;
  let totals: ReturnType<typeof rollupTotals> | undefined;
  return {
    eligible: () => (eligible ??= eligibleByRegion(db, p.clientId, p.regions)),
    finalized: () => (finalized ??= reportsFinalized(db, p)),
    totals: () => (totals ??= rollupTotals(db, p)),
  };
}

export type SharedFigures = ReturnType<typeof sharedFigures>;
