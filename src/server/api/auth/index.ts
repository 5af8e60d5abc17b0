import type { AreaTable } from '../../http/handler-types';
import { accountHandlers } from './account-routes';
import { csrfTokenHandlers } from './csrf-token';
import { profileHandlers } from './profile-routes';
import { sessionHandlers } from './session-routes';

/**
 * Every call of manifest/api/auth.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const authTable: AreaTable<'auth'> = {
  ...accountHandlers,
  ...csrfTokenHandlers,
  ...profileHandlers,
  ...sessionHandlers,
};
