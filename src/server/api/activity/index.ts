import type { AreaTable } from '../../http/handler-types';
import { clientActivityHandlers } from './clients';
import { evaluationRequestActivityHandlers } from './evaluation-requests';
import { evaluationActivityHandlers } from './evaluations';
import { followUpActivityHandlers } from './follow-ups';
import { reportActivityHandlers } from './reports';
import { selfAssessmentActivityHandlers } from './self-assessments';
import { trainingActivityHandlers } from './training';

/**
 * Every call of manifest/api/activity.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const activityTable: AreaTable<'activity'> = {
  ...clientActivityHandlers,
  ...evaluationRequestActivityHandlers,
  ...evaluationActivityHandlers,
  ...followUpActivityHandlers,
  ...reportActivityHandlers,
  ...selfAssessmentActivityHandlers,
  ...trainingActivityHandlers,
};
