import type { ApiCallName } from '../../../generated/api';

/**
 * The calls whose period is days or months of the reader's time zone (SPEC §2 dashboards; the
 * evaluator's inbox, where "today" begins; business days waited, counted in the reader's days): each declares the query parameter `tz`
 * (manifest/api/activity.yaml, dashboards.yaml, evaluation-requests.yaml), and the
 * browser's call client (src/web/api/typed.ts) sends it with each of them, from
 * Intl.DateTimeFormat().resolvedOptions().timeZone. tests/unit/reader-zone.test.ts keeps this list
 * equal to the calls that declare `tz`.
 */
export const READER_ZONE_CALLS: ReadonlySet<ApiCallName> = new Set<ApiCallName>([
  'program_overview',
  'program_overview_records',
  'program_overview_outcomes',
  'program_overview_training',
  'activity_training',
  'activity_training_rows',
  'activity_training_export',
  'activity_self_assessments',
  'activity_self_assessment_rows',
  'activity_evaluations',
  'activity_evaluation_rows',
  'activity_evaluation_requests',
  'activity_follow_ups',
  'activity_follow_up_rows',
  'activity_clients',
  'evaluator_inbox',
  'evaluator_inbox_list',
  'evaluator_queue_list',
  'evaluator_request',
  'custom_search',
  'custom_search_export',
  'custom_search_record',
]);
