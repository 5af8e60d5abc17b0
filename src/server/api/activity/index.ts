import type { HandlerTable } from '../../http/handler-types';
import { clientActivityHandlers } from './clients';
import { evaluationRequestActivityHandlers } from './evaluation-requests';
import { evaluationActivityHandlers } from './evaluations';
import { followUpActivityHandlers } from './follow-ups';
import { reportActivityHandlers } from './reports';
import { selfAssessmentActivityHandlers } from './self-assessments';
import { overviewHandlers } from '../dashboards/overview-handlers';

/** Every call of the programme dashboards: overview, activity pages and client management (README.md here). */
export const dashboardHandlers = {
  ...selfAssessmentActivityHandlers,
  ...evaluationRequestActivityHandlers,
  ...evaluationActivityHandlers,
  ...followUpActivityHandlers,
  ...reportActivityHandlers,
  ...clientActivityHandlers,
  ...overviewHandlers,
} satisfies HandlerTable;
