import { href } from '../../../../../generated/routes';

/**
 * Who is looking at employee search and records (SPEC §2): the client's programme manager
 * (/user/employee-search), our client managers (/user/client-employee-search/:id?) or evaluators
 * (/user/evaluator-employee-search/:id). Each has their own record, history and report routes, so
 * every link stays in the viewer's own area and sidebar.
 */
export type Viewer = 'manager' | 'client' | 'evaluator';

export function viewerOf(routeName: string): Viewer {
  if (routeName.startsWith('client_')) return 'client';
  if (routeName.startsWith('evaluator_')) return 'evaluator';
  return 'manager';
}

/** Whether the route is the history view ("prev", SPEC §2 decision in docs/product.md). */
export const isHistoryRoute = (routeName: string) => routeName.endsWith('_prev');

export function recordHref(viewer: Viewer, clientId: number, id: number): string {
  if (viewer === 'client') return href('client_employee_view', { clientid: clientId, id });
  if (viewer === 'evaluator') return href('evaluator_employee_view', { id });
  return href('view_employee', { id });
}

export function historyHref(viewer: Viewer, id: number): string {
  if (viewer === 'client') return href('client_view_employee_prev', { id });
  if (viewer === 'evaluator') return href('evaluator_view_employee_prev', { id });
  return href('view_employee_prev', { id });
}

export function searchHref(viewer: Viewer, clientId: number): string {
  if (viewer === 'client') return href('client_employee_search', { id: clientId });
  if (viewer === 'evaluator') return href('evaluator_employee_search', { id: clientId });
  return href('employee_search');
}

/** The viewer's own report view; the history page opens reports under its own "prev" route. */
export function reportHref(viewer: Viewer, history: boolean, url: string): string {
  if (viewer === 'client')
    return history ? href('client_employee_prev_reports_viewreport', { url }) : href('client_employee_reports_viewreport', { url });
  if (viewer === 'evaluator')
    return history ? href('evaluator_employee_prev_reports_viewreport', { url }) : href('evaluator_employee_reports_viewreport', { url });
  return history ? href('employee_prev_reports_viewreport', { url }) : href('employee_reports_viewreport', { url });
}
