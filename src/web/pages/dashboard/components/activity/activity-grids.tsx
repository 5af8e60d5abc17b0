import { activityEvaluationRequestsGrid, activityReportsGrid } from '../../../../../../generated/grids';
import { ManifestGrid } from '../../../../components/grid/manifest-grid';
import { bandTitle } from './activity-parts';
import type { InterfaceKey } from '../../../../i18n/keys';
import { currentT } from '../../../../i18n/texts';
import { withClient } from './activity-later-grids';

/**
 * Grids that are the content of their page (a client's reports, the evaluation requests in one
 * state): the grid loads with the page. Grids under a page's figures are in activity-later-grids.tsx.
 */

/** A client's reports of one kind, each linked to the report page the reader may open. */
export function ReportsGrid({ clientId, kind }: { clientId?: number; kind: 'self-assessment' | 'ergo-eval' | 'all' }) {
  return (
    <ManifestGrid
      grid={activityReportsGrid}
      idPrefix="reports"
      fixed={withClient(clientId, { kind })}
      cells={{
        score: (score, row) =>
          row.band ? `${String(score)} (${bandTitle(currentT(), String(row.band))})` : score === null ? '' : String(score),
      }}
    />
  );
}

const PROMISE: Record<string, InterfaceKey> = { new: 'staff.promise.new', due: 'staff.promise.due', overdue: 'staff.promise.overdue' };

/** Evaluation requests in one state; booked times in the reader's own time zone (SPEC §2). */
export function RequestsGrid({ clientId, state }: { clientId?: number; state: string }) {
  return (
    <ManifestGrid
      grid={activityEvaluationRequestsGrid}
      idPrefix="requests"
      fixed={withClient(clientId, { state })}
      cells={{
        business_days_waited: (days, row) =>
          days === null || days === undefined
            ? ''
            : `${currentT()('staff.business_days', { days: String(days) })}${row.promise && PROMISE[String(row.promise)] ? ` · ${currentT()(PROMISE[String(row.promise)])}` : ''}`,
      }}
    />
  );
}
