import type { AreaTable } from '../../http/handler-types';
import { catalogueHandlers } from './catalogue';
import { employeeHandlers } from './employee';
import { fulfilHandlers } from './fulfil';
import { managerHandlers } from './manager';

/**
 * Every call of manifest/api/equipment.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const equipmentTable: AreaTable<'equipment'> = {
  ...employeeHandlers,
  ...managerHandlers,
  ...fulfilHandlers,
  ...catalogueHandlers,
};
