import type { AreaTable } from '../../http/handler-types';
import { adminAssessmentSettingsHandlers } from './admin-assessment-settings';
import { adminClientHandlers } from './admin-clients';
import { clientImageHandlers } from './client-images';
import { clientHandlers } from './client-routes';
import { clientTextHandlers } from './client-texts';

/**
 * Every call of manifest/api/clients.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const clientsTable: AreaTable<'clients'> = {
  ...adminAssessmentSettingsHandlers,
  ...adminClientHandlers,
  ...clientImageHandlers,
  ...clientHandlers,
  ...clientTextHandlers,
};
