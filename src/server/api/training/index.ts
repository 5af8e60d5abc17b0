import type { AreaTable } from '../../http/handler-types';
import { adminHandlers } from './admin-handlers';
import { certificateHandlers } from './certificate-handlers';
import { learnerHandlers } from './learner-handlers';

/**
 * Every call of manifest/api/training.yaml with its handler, and nothing else (src/server/api/README.md).
 */
export const trainingTable: AreaTable<'training'> = {
  ...learnerHandlers,
  ...certificateHandlers,
  ...adminHandlers,
};
