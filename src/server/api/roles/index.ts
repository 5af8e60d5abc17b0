import type { AreaTable } from '../../http/handler-types';
import { adminPermissionHandlers } from './admin-permissions';
import { adminRoleHandlers } from './admin-roles';
import { rolePermissionHandlers } from './role-permissions';

/**
 * Every call of manifest/api/roles.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const rolesTable: AreaTable<'roles'> = {
  ...adminPermissionHandlers,
  ...adminRoleHandlers,
  ...rolePermissionHandlers,
};
