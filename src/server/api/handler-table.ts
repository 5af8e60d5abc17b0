import { accountHandlers } from './auth/account-routes';
import { clientHandlers } from './clients/client-routes';
import { miscHandlers } from './misc-routes';
import { profileHandlers } from './auth/profile-routes';
import { adminUserHandlers } from './users/admin-users';
import { contactHandlers } from './content/contact-routes';
import { adminAuditHandlers } from './ops/admin-audit';
import { adminRoleHandlers } from './roles/admin-roles';
import { adminEmailTemplateHandlers } from './notifications/admin-email-templates';
import { sessionHandlers } from './auth/session-routes';
import { adminClientHandlers } from './clients/admin-clients';
import { adminAssessmentSettingsHandlers } from './clients/admin-assessment-settings';
import { clientImageHandlers } from './clients/client-images';
import { clientTextHandlers } from './clients/client-texts';
import { adminUserGroupHandlers } from './users/admin-user-groups';
import { adminPermissionHandlers } from './roles/admin-permissions';
import { adminUserImportHandlers } from './users/admin-user-import';
import { adminNotificationHandlers } from './notifications/admin-notifications';
import { videoHandlers } from './content/video-routes';
import { blogHandlers } from './content/blog-routes';
import { evaluationServiceHandlers } from './evaluations';
import { adminSsoHandlers } from './sso/admin-sso';
import { samlHandlers } from './sso/saml-routes';
import { ssoHandlers } from './sso/sso-routes';
import { assessmentAttemptHandlers } from './assessments/attempt-handlers';
import { assessmentReportHandlers } from './reports/report-handlers';
import { employeeHomeHandlers } from './reports/employee-home';
import { surveyReportHandlers } from './survey-reports/survey-handlers';
import { superadminHealthHandlers } from './ops/health-handler';
import { dashboardHandlers } from './activity';
import { employeeHandlers } from './search/employee-handlers';
import { customSearchHandlers } from './search/handlers';
import type { CompleteHandlerTable } from '../http/handler-types';

/**
 * Every call's handler by its manifest name (manifest/api/*.yaml). The type holds every declared
 * call, so a call without its handler fails `npm run typecheck` (docs/architecture.md, "Add a call");
 * add a domain's table here.
 */
export const handlers: CompleteHandlerTable = {
  ...sessionHandlers,
  ...accountHandlers,
  ...clientHandlers,
  ...miscHandlers,
  ...profileHandlers,
  ...adminUserHandlers,
  ...contactHandlers,
  ...adminAuditHandlers,
  ...adminRoleHandlers,
  ...adminEmailTemplateHandlers,
  ...ssoHandlers,
  ...adminSsoHandlers,
  ...adminClientHandlers,
  ...adminAssessmentSettingsHandlers,
  ...clientImageHandlers,
  ...clientTextHandlers,
  ...evaluationServiceHandlers,
  ...adminUserGroupHandlers,
  ...adminPermissionHandlers,
  ...adminUserImportHandlers,
  ...adminNotificationHandlers,
  ...assessmentAttemptHandlers,
  ...assessmentReportHandlers,
  ...employeeHomeHandlers,
  ...surveyReportHandlers,
  ...videoHandlers,
  ...blogHandlers,
  ...samlHandlers,
  ...superadminHealthHandlers,
  ...dashboardHandlers,
  ...employeeHandlers,
  ...customSearchHandlers,
};
