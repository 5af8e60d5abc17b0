import type { AreaTable } from '../../http/handler-types';
import { adminUserGroupHandlers } from './admin-user-groups';
import { adminUserImportHandlers } from './admin-user-import';
import { adminUserHandlers } from './admin-users';

/**
 * Every call of manifest/api/users.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const usersTable: AreaTable<'users'> = {
  ...adminUserGroupHandlers,
  ...adminUserImportHandlers,
  ...adminUserHandlers,
};
