import type { AreaTable } from '../../http/handler-types';
import { adminSsoHandlers } from './admin-sso';
import { samlHandlers } from './saml-routes';
import { ssoHandlers } from './sso-routes';

/**
 * Every call of manifest/api/sso.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const ssoTable: AreaTable<'sso'> = {
  ...adminSsoHandlers,
  ...samlHandlers,
  ...ssoHandlers,
};
