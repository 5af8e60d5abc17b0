import type { ColumnType, Generated } from 'kysely';

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
}

/** A client's logo or banner (migration 007), served by GET /client-images/:clientId/:kind. */
export interface ClientImagesTable {
  client_id: number; kind: 'logo' | 'banner'; content_type: string; file_name: string; data_base64: string; sha256: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A request for a one-to-one virtual evaluation (migration 007). */
export interface EvaluationRequestsTable {
  id: Generated<number>; user_id: number; client_id: number; preferred_times: string; notes: string; status: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RolesTable { id: Generated<number>; name: string; display_name: string; description: Generated<string> }
export interface RolePermissionsTable { role_id: number; permission: string }

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

export interface UserClientsTable { user_id: number; client_id: number }

export interface RefreshFamiliesTable {
  id: string;
  user_id: number;
  client_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable { token_hash: string; family_id: string; created_at: Timestamp; rotated_at: Timestamp | null }

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

export interface EmailTemplatesTable { id: Generated<number>; name: string; subject: string; content: string; updated_at: ColumnType<Date, Date | string | undefined, Date | string> }
export interface MailOutboxTable {
  id: Generated<string>; to_address: string; subject: string; body_text: string; status: Generated<string>;
  attempts: Generated<number>; last_error: string | null; created_at: ColumnType<Date, Date | string | undefined, Date | string>; sent_at: Timestamp | null;
}
export interface PasswordResetsTable { token_hash: string; user_id: number; expires_at: Timestamp; used_at: Timestamp | null }
export interface PageViewsTable { id: Generated<string>; user_id: number | null; path: string; viewed_at: ColumnType<Date, Date | string | undefined, Date | string> }
export interface LoginThrottleTable { key: string; failures: number; window_start: Timestamp }

export interface ContactEnquiriesTable {
  id: Generated<string>; name: string; email: string; company: string; message: string; address: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A client's wording per language (migration 004); scope is the admin language page it comes from. */
export interface ClientTextOverridesTable {
  client_id: number; scope: 'self-assessment' | 'self-assessment-lab' | 'ergo-eval' | 'ergo-eval-lab' | 'cms';
  language: string; text_key: string; text: string; updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Per-client OpenID Connect settings (migration 010); the secret column holds ciphertext only. */
export interface SsoConfigurationsTable {
  client_id: number; issuer: string; oidc_client_id: string; client_secret_encrypted: string | null;
  domains: Json<string[]>; default_role_id: number | null; enabled: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface SsoIdentitiesTable { issuer: string; subject: string; user_id: number; created_at: ColumnType<Date, Date | string | undefined, Date | string> }
export interface SsoFlowsTable {
  id_hash: string; state: string; nonce: string; code_verifier: string; client_id: number;
  redirect_uri: string; return_to: string | null; address: string; created_at: Timestamp;
}

export interface Database {
  sso_configurations: SsoConfigurationsTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
  client_text_overrides: ClientTextOverridesTable;
  contact_enquiries: ContactEnquiriesTable;
  clients: ClientsTable;
  client_images: ClientImagesTable;
  evaluation_requests: EvaluationRequestsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_clients: UserClientsTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  email_templates: EmailTemplatesTable;
  mail_outbox: MailOutboxTable;
  password_resets: PasswordResetsTable;
  page_views: PageViewsTable;
  login_throttle: LoginThrottleTable;
}
