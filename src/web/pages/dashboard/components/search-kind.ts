import type { SearchKind } from '../../../../shared/search/fields';

/** The kind of custom search a route shows (manifest/routes/dashboard.yaml custom_search_* names). */
export function kindOfRoute(name: string): SearchKind {
  if (name.startsWith('custom_search_ergo_eval')) return 'ergo-eval';
  if (name.startsWith('custom_search_schedule_request')) return 'schedule-request';
  if (name.startsWith('custom_search_follow_up')) return 'follow-up';
  return 'self-assessment';
}
