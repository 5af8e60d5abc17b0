import type { HandlerTable } from '../../http/handler-types';
import { staffAssignmentHandlers } from '../evaluation-requests/assignment-handlers';
import { evaluationDeliveryHandlers } from './delivery-handlers';
import { evaluationHandlers } from './evaluation-handlers';
import { evaluatorHandlers } from '../evaluation-requests/evaluator-handlers';
import { evaluationRequestHandlers } from '../evaluation-requests/request-handlers';
import { worklistHandlers } from './worklist-handlers';
import { inboxHandlers } from '../evaluation-requests/inbox-handlers';
import { invitationHandlers } from '../evaluation-requests/invitation-handler';

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
