import type { AreaTable } from '../../http/handler-types';
import { actionHandlers } from './handlers';

/**
 * Every call of manifest/api/actions.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const actionsTable: AreaTable<'actions'> = {
  ...actionHandlers,
};
