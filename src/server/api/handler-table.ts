import type { ApiArea } from '../../../generated/api-types';
import type { AreaTable, CompleteHandlerTable } from '../http/handler-types';
import { actionsTable } from './actions';
import { activityTable } from './activity';
import { assessmentsTable } from './assessments';
import { authTable } from './auth';
import { clientsTable } from './clients';
import { contentTable } from './content';
import { dashboardsTable } from './dashboards';
import { equipmentTable } from './equipment';
import { evaluationRequestsTable } from './evaluation-requests';
import { evaluationsTable } from './evaluations';
import { notificationsTable } from './notifications';
import { opsTable } from './ops';
import { reportsTable } from './reports';
import { rolesTable } from './roles';
import { searchTable } from './search';
import { ssoTable } from './sso';
import { surveyReportsTable } from './survey-reports';
import { trainingTable } from './training';
import { trainingLmsTable } from './training-lms';
import { usersTable } from './users';

/**
 * Each area's table by its manifest file (manifest/api/<area>.yaml → src/server/api/<area>/index.ts):
 * a new area without its folder's table fails `npm run typecheck` here.
 */
export const areaTables: { readonly [A in ApiArea]: AreaTable<A> } = {
  actions: actionsTable,
  activity: activityTable,
  assessments: assessmentsTable,
  auth: authTable,
  clients: clientsTable,
  content: contentTable,
  dashboards: dashboardsTable,
  equipment: equipmentTable,
  'evaluation-requests': evaluationRequestsTable,
  evaluations: evaluationsTable,
  notifications: notificationsTable,
  ops: opsTable,
  reports: reportsTable,
  roles: rolesTable,
  search: searchTable,
  sso: ssoTable,
  'survey-reports': surveyReportsTable,
  training: trainingTable,
  'training-lms': trainingLmsTable,
  users: usersTable,
};

/**
 * Every call's handler by its manifest name: the area tables joined. The type holds every declared
 * call, so a call without its handler fails `npm run typecheck` (docs/architecture.md "Recipes").
 * The server's core reaches the areas only through this table (plugins/api-routes.ts).
 */
export const handlers: CompleteHandlerTable = {
  ...actionsTable,
  ...activityTable,
  ...assessmentsTable,
  ...authTable,
  ...clientsTable,
  ...contentTable,
  ...dashboardsTable,
  ...equipmentTable,
  ...evaluationRequestsTable,
  ...evaluationsTable,
  ...notificationsTable,
  ...opsTable,
  ...reportsTable,
  ...rolesTable,
  ...searchTable,
  ...ssoTable,
  ...surveyReportsTable,
  ...trainingTable,
  ...trainingLmsTable,
  ...usersTable,
};
