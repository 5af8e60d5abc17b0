import type { AreaTable } from '../../http/handler-types';
import { employeeHandlers } from './employee-handlers';
import { customSearchHandlers } from './handlers';

/**
 * Every call of manifest/api/search.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const searchTable: AreaTable<'search'> = {
  ...employeeHandlers,
  ...customSearchHandlers,
};
