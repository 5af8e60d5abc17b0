import type { Permission } from '../../../generated/permissions';
/**
 * Who counts as one of a client's employees, everywhere (SPEC §6): an active account whose role opens
 * the employee dashboard. Staff roles (programme managers, evaluators) do not hold it. The programme
 * figures (eligible employees), employee search and the employee record all read this one constant.
 */
export const EMPLOYEE_PERMISSION: Permission = 'dashboard-pages-employee-dashboard-view';
