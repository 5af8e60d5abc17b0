import { accountHandlers } from './account-routes';
import { clientHandlers } from './client-routes';
import { miscHandlers } from './misc-routes';
import { profileHandlers } from './profile-routes';
import { adminUserHandlers } from './admin-users';
import { contactHandlers } from './contact-routes';
import { adminAuditHandlers } from './admin-audit';
import { adminRoleHandlers } from './admin-roles';
import { adminEmailTemplateHandlers } from './admin-email-templates';
import { sessionHandlers } from './session-routes';
import { adminClientHandlers } from './admin-clients';
import { adminAssessmentSettingsHandlers } from './admin-assessment-settings';
import { clientImageHandlers } from './client-images';
import { clientTextHandlers } from './client-texts';
import { adminUserGroupHandlers } from './admin-user-groups';
import { adminPermissionHandlers } from './admin-permissions';
import { adminUserImportHandlers } from './admin-user-import';
import { adminNotificationHandlers } from './admin-notifications';
import { videoHandlers } from './video-routes';
import { blogHandlers } from './blog-routes';
import { evaluationServiceHandlers } from '../evaluations';
import { adminSsoHandlers } from '../sso/admin-sso';
import { samlHandlers } from '../sso/saml-routes';
import { ssoHandlers } from '../sso/sso-routes';
import { assessmentAttemptHandlers } from '../assessments/attempt-handlers';
import { assessmentReportHandlers } from '../assessments/report-handlers';
import { employeeHomeHandlers } from '../assessments/employee-home';
import { surveyReportHandlers } from '../assessments/survey-handlers';
import { superadminHealthHandlers } from '../superadmin/health-handler';
import { dashboardHandlers } from '../dashboards';
import { employeeHandlers } from '../employees/handlers';
import { customSearchHandlers } from '../search/handlers';
import { actionHandlers } from '../api/actions/handlers';
import type { CompleteHandlerTable } from './types';

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
  ...actionHandlers,
};
