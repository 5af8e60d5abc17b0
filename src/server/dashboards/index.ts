import type { HandlerTable } from '../routes/types';
import { clientActivityHandlers } from './clients';
import { evaluationRequestActivityHandlers } from './evaluation-requests';
import { evaluationActivityHandlers } from './evaluations';
import { followUpActivityHandlers } from './follow-ups';
import { reportActivityHandlers } from './reports';
import { selfAssessmentActivityHandlers } from './self-assessments';

/** Every call of the activity pages and client management (README.md here). */
export const activityDashboardHandlers: HandlerTable = {
  ...selfAssessmentActivityHandlers, ...evaluationRequestActivityHandlers, ...evaluationActivityHandlers,
  ...followUpActivityHandlers, ...reportActivityHandlers, ...clientActivityHandlers,
};
