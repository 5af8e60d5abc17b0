import type { AreaTable } from '../../http/handler-types';
import { staffAssignmentHandlers } from './assignment-handlers';
import { evaluatorHandlers } from './evaluator-handlers';
import { inboxHandlers } from './inbox-handlers';
import { invitationHandlers } from './invitation-handler';
import { evaluationRequestHandlers } from './request-handlers';

/**
 * Every call of manifest/api/evaluation-requests.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const evaluationRequestsTable: AreaTable<'evaluation-requests'> = {
  ...staffAssignmentHandlers,
  ...evaluatorHandlers,
  ...inboxHandlers,
  ...invitationHandlers,
  ...evaluationRequestHandlers,
};
