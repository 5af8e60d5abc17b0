import type { Permission } from '../../generated/permissions';

/**
 * Who counts as one of a client's employees, everywhere (docs/product.md, roles and permissions): an
 * account whose role opens the employee dashboard. Staff roles (programme managers, evaluators) do not
 * hold it. The browser's route access, the programme figures (eligible employees), employee search and
 * the employee record all read this one constant.
 */
export const EMPLOYEE_PERMISSION: Permission = 'dashboard-pages-employee-dashboard-view';
