import type { AreaTable } from '../../http/handler-types';
import { evaluationDeliveryHandlers } from './delivery-handlers';
import { evaluationHandlers } from './evaluation-handlers';
import { worklistHandlers } from './worklist-handlers';

/**
 * Every call of manifest/api/evaluations.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const evaluationsTable: AreaTable<'evaluations'> = {
  ...evaluationDeliveryHandlers,
  ...evaluationHandlers,
  ...worklistHandlers,
};
