import type { SearchKind } from '../../../../shared/search/fields';
import { href, type RouteName } from '../../../../../generated/routes';

/** The kind of custom search a route shows (manifest/routes/dashboard.yaml custom_search_* names). */
export function kindOfRoute(name: string): SearchKind {
  if (name.startsWith('custom_search_ergo_eval')) return 'ergo-eval';
  if (name.startsWith('custom_search_schedule_request')) return 'schedule-request';
  if (name.startsWith('custom_search_follow_up')) return 'follow-up';
  return 'self-assessment';
}

/** The route of a kind's search page (SPEC §2 /user/custom-search-<kind>). */
export const kindRoute = (kind: SearchKind): RouteName => `custom_search_${kind.replace(/-/g, '_')}` as RouteName;
/** The address of a kind's search page, for the chosen client when there is one. */
export function kindHref(kind: SearchKind, clientId?: string | null): string {
  const path = href(kindRoute(kind) as 'custom_search_self_assessment');
  return clientId ? `${path}?client_id=${encodeURIComponent(clientId)}` : path;
}
