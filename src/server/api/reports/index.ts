import type { AreaTable } from '../../http/handler-types';
import { employeeHomeHandlers } from './employee-home';
import { assessmentReportHandlers } from './report-handlers';

/**
 * Every call of manifest/api/reports.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const reportsTable: AreaTable<'reports'> = {
  ...employeeHomeHandlers,
  ...assessmentReportHandlers,
};
