import { activityEvaluationsGrid, activityFollowUpsGrid } from '../../../../../../generated/grids';
import { DeferredManifestGrid } from '../../../../components/grid/deferred-grid';
import { regionLabel } from '../../../../components/charts/body-map';
import type { InterfaceKey } from '../../../../i18n/keys';
import { currentLanguage, currentT } from '../../../../i18n/texts';
import { inSentence } from '../../../../i18n/in-sentence';
import { evaluationStatus } from '../../../../components/reports/status-labels';

/** Server-paged grids of one client (src/server/api/activity/, manifest/grids/activity_*.yaml): each sends `client_id` when one was chosen. */
export const withClient = (clientId: number | undefined, filters: Record<string, string> = {}) => ({
  ...(clientId ? { client_id: String(clientId) } : {}),
  ...filters,
});

/*
 * Grids below a page's figures (the ergonomic-evaluation activity's evaluations, the follow-ups'
 * answers): the grid loads beside the page, so the figures show without waiting for it
 * (DeferredManifestGrid).
 */

/** Evaluation reports with their workflow state in the reader's words (manifest/workflows/evaluation.yaml). */
export function EvaluationsGrid({ clientId }: { clientId?: number }) {
  return (
    <DeferredManifestGrid
      grid={activityEvaluationsGrid}
      idPrefix="evaluations"
      fixed={withClient(clientId)}
      cells={{ status: (code) => evaluationStatus(currentT(), String(code ?? '')) }}
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
    <DeferredManifestGrid
      grid={activityFollowUpsGrid}
      idPrefix="follow-ups"
      fixed={withClient(clientId, { ...(state ? { state } : {}), ...period })}
      cells={{
        recommendations: (list) =>
          ((list ?? []) as { status: string; text: string }[])
            .map((r) => `${OUTCOME[r.status] ? currentT()(OUTCOME[r.status]) : r.status}: ${r.text}`)
            .join('; '),
        discomfort_regions: (list) => ((list ?? []) as string[]).map((r) => inSentence(regionLabel(r), currentLanguage())).join(', '),
      }}
    />
  );
}
