import type { ColumnType, Generated } from 'kysely';
import type { Answers } from '../../shared/assessment/types';
import type { SearchKind } from '../../shared/search/fields';
import type { SearchDefinition } from '../../shared/search/validate';
import type { EquipmentTables } from './equipment-schema';
import type { EvaluationTables } from './evaluation-schema';
import type { TrainingTables } from './training-schema';

/** Kysely table types for src/server/migrations (snake_case as stored). */
type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ClientsTable {
  id: Generated<number>;
  company_name: string;
  company_code: string;
  logo: string | null;
  hex_color: Generated<string>;
  secondary_hex_color: Generated<string>;
  site_footer: Generated<string>;
  regions: Json<string[]>;
  access_list: Json<string[]>;
  site_menu_details: Json<Record<string, { status: 0 | 1; custom_menu_text: string }>>;
  seats: Generated<number>;
  status: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Migration 007: the rest of the SPEC §5 client form. */
  client_type: Generated<string>;
  default_role_id: number | null;
  report_type: Generated<string>;
  banner: string | null;
  work_area: ColumnType<string[], string | undefined, string>;
  billable_cost: ColumnType<string | null, number | null | undefined, number | null>;
  /** Migration 017: a finalized evaluation report waits for the programme manager's approval. */
  evaluation_approval_required: Generated<boolean>;
  /** Migration 029: the headline figures' targets (per cent). */
  participation_target_pct: Generated<number>;
  high_risk_ceiling_pct: Generated<number>;
  /** Migration 035: equipment money in minor units. */
  equipment_currency: Generated<string>;
  equipment_auto_approve_cents: ColumnType<number | null, number | null | undefined, number | null>;
  equipment_budget_cents: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** Migration 036: tell the programme manager of a worrying answer to a key training question. */
  training_notify_manager: Generated<boolean>;
  /** Migration 038: the risk-reduction panel's targets (per cent, ROSA points, currency units). */
  moved_out_target_pct: Generated<number>;
  rosa_drop_target: Generated<number>;
  discomfort_drop_target_pct: Generated<number>;
  overdue_ceiling_pct: Generated<number>;
  cost_per_move_target: Generated<number>;
}

/** A client's logo or banner (migration 007), served by GET /client-images/:clientId/:kind. */
export interface ClientImagesTable {
  client_id: number;
  kind: 'logo' | 'banner';
  content_type: string;
  file_name: string;
  data_base64: string;
  sha256: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  description: Generated<string>;
}
export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

/** Permissions whose manifest `defaultRoles` grant a database has applied (migration 030). */
export interface PermissionDefaultGrantsTable {
  permission: string;
  applied_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  client_id: number;
  role_id: number;
  region: string | null;
  status: Generated<string>;
  sso_status: Generated<number>;
  admin_sso_status: Generated<number>;
  language: Generated<string>;
  login_type: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  password_changed_at: Timestamp | null;
}

export interface UserClientsTable {
  user_id: number;
  client_id: number;
}

export interface RefreshFamiliesTable {
  id: string;
  user_id: number;
  client_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  occurred_at: Timestamp;
  actor_id: number | null;
  actor_email: string | null;
  client_id: number | null;
  action: string;
  target: string;
  address: string;
  details: Json<Record<string, unknown>>;
  prev_hash: string;
  hash: string;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  content: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body_text: string;
  status: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Timestamp | null;
  /** Migration 008: notification rows are queued and delivered by the outbox worker with retries. */
  notification_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 017: the row's own files (a calendar invitation), as [{filename, contentType, base64}]. */
  attachments: ColumnType<{ filename: string; contentType: string; base64: string }[] | null, string | null | undefined, string | null>;
  /** Migration 019: the worker (one id per server process) holding the lease. */
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Migration 016: per-client self-assessment settings (/admin/self_assesment). */
export interface ClientAssessmentSettingsTable {
  client_id: number;
  reassessment_days: number | null;
  reminder_enabled: Generated<boolean>;
  follow_up_days: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Migration 033: overdue-action reminders every N days, at most M times (NULL: the defaults). */
  action_reminder_days: ColumnType<number | null, number | null | undefined, number | null>;
  action_reminder_limit: ColumnType<number | null, number | null | undefined, number | null>;
}
/** Migration 033: corrective actions (manifest/workflows/action.yaml, src/server/api/actions/). */
export interface CorrectiveActionsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  finding_key: string;
  source: 'self_assessment' | 'evaluation';
  attempt_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  evaluation_id: number | null;
  title: string;
  detail: Generated<string>;
  priority: 'high' | 'moderate' | 'low';
  state: Generated<string>;
  due_at: Timestamp;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  close_reason: ColumnType<string | null, string | null | undefined, string | null>;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  reminders_sent: Generated<number>;
  last_reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** Migration 016: scheduled work claimed under a lease (src/server/jobs/). */
export interface ScheduledJobsTable {
  id: Generated<string>;
  kind: string;
  dedupe_key: string | null;
  payload: Json<Record<string, unknown>>;
  run_at: Timestamp;
  status: Generated<string>;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: Timestamp | null;
}
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface PageViewsTable {
  id: Generated<string>;
  user_id: number | null;
  path: string;
  viewed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: Timestamp;
}

export interface ContactEnquiriesTable {
  id: Generated<string>;
  name: string;
  email: string;
  company: string;
  message: string;
  address: string;
  /** The service chosen on a marketing page (migration 034), else null. */
  service: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A client's wording per language (migration 004; 'training' from 042); scope is the admin language page it comes from. */
export interface ClientTextOverridesTable {
  client_id: number;
  scope: 'self-assessment' | 'self-assessment-lab' | 'ergo-eval' | 'ergo-eval-lab' | 'cms' | 'training';
  language: string;
  text_key: string;
  text: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Per-client OpenID Connect settings (migration 010); the secret column holds ciphertext only. */
export interface SsoConfigurationsTable {
  client_id: number;
  issuer: string;
  oidc_client_id: string | null;
  client_secret_encrypted: string | null;
  domains: Json<string[]>;
  default_role_id: number | null;
  enabled: boolean;
  protocol: ColumnType<'oidc' | 'saml', 'oidc' | 'saml' | undefined, 'oidc' | 'saml'>;
  saml_sso_url: string | null;
  saml_certificate: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface SsoFlowsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  client_id: number;
  redirect_uri: string;
  return_to: string | null;
  address: string;
  created_at: Timestamp;
  protocol: ColumnType<'oidc' | 'saml', 'oidc' | 'saml' | undefined, 'oidc' | 'saml'>;
}
/** Migration 008: named groups of users within a client, and their members. */
export interface UserGroupsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface UserGroupMembersTable {
  group_id: number;
  user_id: number;
}
/** Migration 025: a user's own saved custom searches (src/server/api/search). */
export interface SavedSearchesTable {
  id: Generated<number>;
  owner_id: number;
  /** Migration 025's CHECK accepts exactly these kinds. */
  kind: SearchKind;
  name: string;
  /** Checked by parseDefinition (src/shared/search/validate.ts) before each save. */
  definition: ColumnType<SearchDefinition, string, string>;
  client_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** Migration 008: permissions added at run time beside the manifest's catalogue. */
export interface CustomPermissionsTable {
  id: Generated<number>;
  name: string;
  permission_group: Generated<string>;
  description: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** Migration 008: a notification and its attachment; recipients are its mail_outbox rows. */
export interface NotificationsTable {
  id: Generated<string>;
  sender_id: number | null;
  audience: string;
  subject: string;
  content: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_base64: string | null;
  recipient_count: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A self-assessment attempt (migration 005): answers saved by section, then the stored result. */
export interface AssessmentAttemptsTable {
  id: Generated<string>;
  user_id: number;
  client_id: number;
  area: string;
  language: string;
  questionnaire_version: number;
  /** Checked against the questionnaire's answer shapes before each save (SPEC §5). */
  answers: Json<Answers>;
  status: Generated<'in_progress' | 'submitted'>;
  sections_done: Json<string[]>;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  submitted_at: Timestamp | null;
  result: Json<unknown> | null;
  report_token: string | null;
  report_status: string | null;
  /** Dashboard figures copied from the result at submission (migration 020). */
  overall_score: number | null;
  risk_band: 'low' | 'moderate' | 'high' | null;
  finding_ids: string[] | null;
  body_scores: Json<Record<string, number>> | null;
}

/** A report imported from the external survey tool (migration 005). */
export interface SurveyReportsTable {
  id: Generated<string>;
  user_id: number;
  client_id: number;
  survey_name: string;
  response_id: string;
  submitted_at: Timestamp;
  answers: Json<{ question: string; answer: string }[]>;
  report_token: string;
  imported_by: number | null;
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A video of the library (migration 006); url is a page on a video-hosting service (SPEC §5). */
export interface VideosTable {
  id: Generated<number>;
  title: string;
  url: string;
  category: string;
  description: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A blog post (migration 006): Markdown body; only published posts are ever public. */
export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body: string;
  status: 'draft' | 'published';
  published_at: Timestamp | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface ContentSeedsTable {
  name: string;
  seeded_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface SamlAssertionsTable {
  issuer: string;
  assertion_id: string;
  expires_at: Timestamp;
}

/** Every table; the evaluation tables (migration 017) are typed in evaluation-schema.ts. */
/** Each employee's latest submitted self-assessment per client, kept by triggers (migration 031); read through raw SQL. */
export interface LatestSelfAssessmentsTable {
  client_id: number;
  user_id: number;
  attempt_id: string;
  submitted_at: Timestamp;
  risk_band: string | null;
  /** An evaluation request or report for the employee since (migration 032). */
  handled: Generated<boolean>;
  /** The employee's account is active, and their region: kept by migration 032's triggers on users. */
  active: Generated<boolean>;
  region: string | null;
}

export interface Database extends EvaluationTables, EquipmentTables, TrainingTables {
  sso_configurations: SsoConfigurationsTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  saved_searches: SavedSearchesTable;
  custom_permissions: CustomPermissionsTable;
  notifications: NotificationsTable;
  assessment_attempts: AssessmentAttemptsTable;
  latest_self_assessments: LatestSelfAssessmentsTable;
  survey_reports: SurveyReportsTable;
  videos: VideosTable;
  blog_posts: BlogPostsTable;
  content_seeds: ContentSeedsTable;
  saml_assertions: SamlAssertionsTable;
  client_text_overrides: ClientTextOverridesTable;
  contact_enquiries: ContactEnquiriesTable;
  clients: ClientsTable;
  client_images: ClientImagesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  permission_default_grants: PermissionDefaultGrantsTable;
  users: UsersTable;
  user_clients: UserClientsTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  email_templates: EmailTemplatesTable;
  mail_outbox: MailOutboxTable;
  client_assessment_settings: ClientAssessmentSettingsTable;
  corrective_actions: CorrectiveActionsTable;
  scheduled_jobs: ScheduledJobsTable;
  password_resets: PasswordResetsTable;
  page_views: PageViewsTable;
  login_throttle: LoginThrottleTable;
}
