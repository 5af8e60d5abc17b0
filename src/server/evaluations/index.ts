import type { HandlerTable } from '../routes/types';
import { staffAssignmentHandlers } from './assignment-handlers';
import { evaluationDeliveryHandlers } from './delivery-handlers';
import { evaluationHandlers } from './evaluation-handlers';
import { evaluatorHandlers } from './evaluator-handlers';
import { evaluationRequestHandlers } from './request-handlers';
import { worklistHandlers } from './worklist-handlers';
import { inboxHandlers } from './inbox-handlers';
import { invitationHandlers } from './invitation-handler';

/** Every call of one-to-one evaluations (src/server/README.md "One-to-one evaluations"). */
export const evaluationServiceHandlers = {
  ...evaluationRequestHandlers,
  ...staffAssignmentHandlers,
  ...evaluatorHandlers,
  ...evaluationHandlers,
  ...evaluationDeliveryHandlers,
  ...worklistHandlers,
  ...inboxHandlers,
  ...invitationHandlers,
} satisfies HandlerTable;
