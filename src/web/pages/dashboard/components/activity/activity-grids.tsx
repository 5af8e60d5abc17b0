import {
  activityEvaluationRequestsGrid,
  activityEvaluationsGrid,
  activityFollowUpsGrid,
  activityReportsGrid,
} from '../../../../../../generated/grids';
import { ManifestGrid } from '../../../../components/grid/manifest-grid';
import { BAND_NAMES } from './activity-parts';

/** Server-paged grids of one client (src/server/dashboards/, manifest/grids/activity_*.yaml): each sends `client_id` when one was chosen. */
const withClient = (clientId: number | undefined, filters: Record<string, string> = {}) => ({
  ...(clientId ? { client_id: String(clientId) } : {}),
  ...filters,
});

/** A client's reports of one kind, each linked to the report page the reader may open. */
export function ReportsGrid({ clientId, kind }: { clientId?: number; kind: 'self-assessment' | 'ergo-eval' | 'all' }) {
  return (
    <ManifestGrid
      grid={activityReportsGrid}
      idPrefix="reports"
      fixed={withClient(clientId, { kind })}
      cells={{
        score: (score, row) =>
          row.band ? `${String(score)} (${BAND_NAMES[String(row.band)] ?? String(row.band)})` : score === null ? '' : String(score),
      }}
    />
  );
}

const PROMISE: Record<string, string> = { new: 'New', due: 'Due now', overdue: 'Overdue' };

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
            : `${String(days)} business days${row.promise ? ` · ${PROMISE[String(row.promise)]}` : ''}`,
      }}
    />
  );
}

/** Evaluation reports with their workflow status labels (manifest/workflows/evaluation.yaml). */
export function EvaluationsGrid({ clientId }: { clientId?: number }) {
  return <ManifestGrid grid={activityEvaluationsGrid} idPrefix="evaluations" fixed={withClient(clientId)} />;
}

const OUTCOME: Record<string, string> = { done: 'Done', in_progress: 'In progress', not_done: 'Not done' };
export const FOLLOW_UP_STATE = { scheduled: 'Scheduled', due: 'Due', overdue: 'Overdue', answered: 'Answered' } as const;

/** Follow-ups with what the employee answered. */
export function FollowUpsGrid({ clientId, state }: { clientId?: number; state: string }) {
  return (
    <ManifestGrid
      grid={activityFollowUpsGrid}
      idPrefix="follow-ups"
      fixed={withClient(clientId, state ? { state } : {})}
      cells={{
        recommendations: (list) =>
          ((list ?? []) as { status: string; text: string }[]).map((r) => `${OUTCOME[r.status] ?? r.status}: ${r.text}`).join('; '),
        discomfort_regions: (list) => ((list ?? []) as string[]).map((r) => r.replace(/_/g, ' ')).join(', '),
      }}
    />
  );
}
