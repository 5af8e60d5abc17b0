import type { AreaTable } from '../../http/handler-types';
import { assessmentAttemptHandlers } from './attempt-handlers';

/**
 * Every call of manifest/api/assessments.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const assessmentsTable: AreaTable<'assessments'> = {
  ...assessmentAttemptHandlers,
};
