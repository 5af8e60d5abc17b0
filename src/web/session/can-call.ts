import type { ApiCallName } from '../../../generated/api';
import { callAccess } from '../../../generated/api-access';
import { canCall } from '../../shared/access';
import { useSession } from './store';

/** Whether the signed-in user may make the named call (src/shared/access.ts `canCall`), for actions and figures. */
export function callAllowed(
  name: ApiCallName,
  user: ReturnType<typeof useSession.getState>['user'],
  client: ReturnType<typeof useSession.getState>['client'],
): boolean {
  const call = callAccess[name];
  return call ? canCall(call, { user, client }) : false;
}

/**
 * The hook form: true when the server's gate will let the user make the call.
 *
 * @example
 *   const canImport = useCanCall('survey_reports_import');
 */
export function useCanCall(name: ApiCallName): boolean {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  return callAllowed(name, user, client);
}
