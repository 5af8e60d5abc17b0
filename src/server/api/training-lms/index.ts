import type { AreaTable } from '../../http/handler-types';
import { lmsSettingsHandlers } from './lms-settings';
import { scormDownloadHandlers } from './scorm-download';

/** Every call of manifest/api/training-lms.yaml with its handler (src/server/api/README.md). */
export const trainingLmsTable: AreaTable<'training-lms'> = {
  ...lmsSettingsHandlers,
  ...scormDownloadHandlers,
};
