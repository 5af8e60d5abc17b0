import type { AreaTable } from '../../http/handler-types';
import { adminAuditHandlers } from './admin-audit';
import { superadminHealthHandlers } from './health-handler';
import { usageRecordHandlers } from './usage-records';

/**
 * Every call of manifest/api/ops.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const opsTable: AreaTable<'ops'> = {
  ...adminAuditHandlers,
  ...superadminHealthHandlers,
  ...usageRecordHandlers,
};
