import {
  activityEvaluationRequestsGrid,
  activityEvaluationsGrid,
  activityFollowUpsGrid,
  activityReportsGrid,
} from '../../../../../../generated/grids';
import { ManifestGrid } from '../../../../components/grid/manifest-grid';
import { bandTitle } from './activity-parts';
import { regionLabel } from '../../../../components/charts/body-map';
import type { InterfaceKey } from '../../../../i18n/keys';
import { currentT } from '../../../../i18n/texts';
import { evaluationStatusLabel } from '../../../../components/reports/status-labels';

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

/** Evaluation reports with their workflow status labels (manifest/workflows/evaluation.yaml). */
export function EvaluationsGrid({ clientId }: { clientId?: number }) {
  return (
    <ManifestGrid
      grid={activityEvaluationsGrid}
      idPrefix="evaluations"
      fixed={withClient(clientId)}
      cells={{ status_label: (label) => evaluationStatusLabel(currentT(), String(label ?? '')) }}
    />
  );
}

const OUTCOME: Record<string, InterfaceKey> = {
  done: 'staff.outcome.done',
  in_progress: 'staff.outcome.in_progress',
  not_done: 'staff.outcome.not_done',
};
/** Follow-up states and their words (the interface texts `staff.follow_up_state.<state>`). */
export const FOLLOW_UP_STATE = {
  scheduled: 'staff.follow_up_state.scheduled',
  due: 'staff.follow_up_state.due',
  overdue: 'staff.follow_up_state.overdue',
  answered: 'staff.follow_up_state.answered',
} as const satisfies Record<string, InterfaceKey>;

/** Follow-ups with what the employee answered. */
export function FollowUpsGrid({ clientId, state, period }: { clientId?: number; state: string; period: Record<string, string> }) {
  return (
    <ManifestGrid
      grid={activityFollowUpsGrid}
      idPrefix="follow-ups"
      fixed={withClient(clientId, { ...(state ? { state } : {}), ...period })}
      cells={{
        recommendations: (list) =>
          ((list ?? []) as { status: string; text: string }[])
            .map((r) => `${OUTCOME[r.status] ? currentT()(OUTCOME[r.status]) : r.status}: ${r.text}`)
            .join('; '),
        discomfort_regions: (list) => ((list ?? []) as string[]).map((r) => regionLabel(r).toLowerCase()).join(', '),
      }}
    />
  );
}
