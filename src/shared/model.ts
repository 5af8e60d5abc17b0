/**
 * The shapes shared by the generator's output (generated/*.ts), the React runtime (src/web) and the
 * API server (src/server). generated/ files import these types and export data that satisfies them,
 * narrowed with their own unions (RouteName, Permission).
 *
 * SPEC §2 (routes, menus), §3 (entities), §4 (landing rules), §6 (permissions) are described here as
 * data types only; behaviour lives in src/shared/access.ts and the runtime.
 */

/** SPEC §2 "Layouts and shell": layouts are chosen by route metadata. */
export type LayoutName = 'home' | 'user_dashboard' | 'admin' | 'login' | 'branded';

/** SPEC §3 route metadata: sidebar type (employee-sidebar, clientmanager-sidebar), plus the admin sidebar. */
export type SidebarName = 'employee' | 'clientmanager' | 'admin';

/**
 * Who may open a route (SPEC §4 Session):
 * - public: anyone;
 * - guest: guests only; authenticated users go to their landing page;
 * - protected: signed-in users only; guests go to /user/login?redirect=<path>;
 * - superadmin: signed-in users whose role name is Super_admin; others go to their landing page.
 */
export type RouteAccess = 'public' | 'guest' | 'protected' | 'superadmin';

/** Run-time conditions checked by the guard (SPEC §6 route rules). */
export type RouteCondition =
  /** page-not-found when the client's TakeASelfAssessment menu item has status 0. */
  | 'self-assessment-enabled'
  /** only for the branded client (company code one of the branded codes), with §6's fallbacks. */
  | 'branded-client'
  /** SPEC §6 admin-route fallback: without the admin permission, my-reports / branded / user. */
  | 'admin-area';

/** The part of the product a route belongs to (one manifest file each). */
export type RouteArea = 'public' | 'login' | 'user' | 'dashboard' | 'admin' | 'branded';

export interface RouteDefinition<Name extends string = string, Perm extends string = string> {
  /** Unique route name, e.g. "my_reports". */
  readonly name: Name;
  /** Canonical path with React Router parameters (":id", ":id?", "*"). */
  readonly path: string;
  /** Other paths that render the same page (SPEC §2 aliases). */
  readonly aliases: readonly string[];
  readonly area: RouteArea;
  readonly layout: LayoutName;
  readonly sidebar: SidebarName | null;
  /** Page title without the product prefix; the runtime shows "<prefix> - <title>". */
  readonly title: string;
  readonly access: RouteAccess;
  /** Any one of these suffices (SPEC §6). Empty: no permission needed beyond `access`. */
  readonly permissions: readonly Perm[];
  /** Content sections the client's access list (is_access_of) must hold, all of them. */
  readonly contentAccess: readonly string[];
  /** SPEC §3 route metadata viewreport flag. */
  readonly viewreport: boolean;
  readonly conditions: readonly RouteCondition[];
  /** Page component key resolved by the runtime's page registry, e.g. "content", "public/home". */
  readonly page: string;
  /** For content pages: the slug of the content/ document shown. */
  readonly contentSlug: string | null;
  /** Opens in a new browser tab when linked from a menu (the blog admin, SPEC §2). */
  readonly newTab: boolean;
}

/** SPEC §2 redirects. A target that is not a known path sends the browser to /page-not-found. */
export interface RedirectDefinition {
  readonly from: string;
  readonly to: string;
}

/** SPEC §2: user/admin paths opened on the marketing host are forwarded to the application host. */
export interface HostForwarding {
  readonly pathPrefixes: readonly string[];
}

/** Keys of the client's site_menu_details (SPEC §3), plus the menu-only items. */
export type SiteMenuKey =
  'Home' | 'ErgoEssentials' | 'SetupGuidelines' | 'WorkBetter' | 'Videos' | 'TakeASelfAssessment' | 'RequestAnEvaluation';

/** One entry of the signed-in menu (SPEC §2 Menus). */
export interface SiteMenuItem<Name extends string = string> {
  readonly key: SiteMenuKey;
  /** Default text when the client has no custom_menu_text. */
  readonly label: string;
  readonly route: Name;
  /**
   * - client-status: shown when the client's site_menu_details[key].status is 1 (default 1);
   * - self-assessment-off: shown only when TakeASelfAssessment's status is 0 (Request An Evaluation).
   */
  readonly visibleWhen: 'client-status' | 'self-assessment-off';
}

/** A menu entry shown when the user holds any of `permissions` (empty: always). */
export interface PermissionMenuItem<Name extends string = string, Perm extends string = string> {
  readonly label: string;
  readonly route: Name;
  readonly permissions: readonly Perm[];
  readonly newTab: boolean;
}

/** SPEC §2 profile dropdown. */
export interface ProfileMenuDefinition<Name extends string = string, Perm extends string = string> {
  readonly profile: PermissionMenuItem<Name, Perm>;
  readonly adminDashboard: PermissionMenuItem<Name, Perm>;
  /** First held permission wins, in this order; otherwise `fallback`. */
  readonly dashboardEntry: {
    readonly candidates: readonly PermissionMenuItem<Name, Perm>[];
    readonly fallback: PermissionMenuItem<Name, Perm>;
  };
  /** Shown with this permission and only when the user's admin_sso_status is 0. */
  readonly switchClientPermission: Perm;
  readonly logout: PermissionMenuItem<Name, Perm>;
}

/** SPEC §4 landing redirect: first rule whose permissions the user holds (any of) wins. */
export interface LandingRule<Name extends string = string, Perm extends string = string> {
  readonly permissions: readonly Perm[];
  readonly route: Name;
}

/** SPEC §4: ergo-ally users go to the first enabled site menu. */
export interface FirstMenuRule<Name extends string = string> {
  readonly menuKey: SiteMenuKey;
  readonly route: Name;
}

export interface PermissionDefinition<Perm extends string = string> {
  readonly name: Perm;
  readonly description: string;
  readonly group: string;
  /** Roles granted this permission once, when a database first meets it (src/server/db/permission-catalogue.ts). */
  readonly defaultRoles?: readonly string[];
}

/** A JSON Schema object as emitted into generated/ (draft 2020-12 / ajv 8). */
export type JsonSchema = { readonly [key: string]: unknown };

/** An admin form of SPEC §5: RJSF schema + uiSchema, validated identically by browser and server. */
export interface FormDefinition {
  readonly name: string;
  readonly title: string;
  readonly schema: JsonSchema;
  readonly uiSchema: JsonSchema;
}

/** An API call of SPEC §7 as declared in manifest/api/*.yaml. */
/** The statuses an API call answers with the error envelope (manifest/api/*.yaml `errors:`). */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export interface ApiCallDefinition<Perm extends string = string> {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /blogs/api, Fastify syntax (":clientId"). */
  readonly path: string;
  /** public: no session; session: any signed-in user; otherwise permissions (any of) also apply. */
  readonly auth: 'public' | 'session';
  /** superadmin: only a caller whose role is Super_admin passes (SPEC §6), whatever permissions others hold. */
  readonly access?: 'superadmin';
  readonly permissions: readonly Perm[];
  /** JSON Schema of the decoded request payload (inside the envelope), or null for no body. */
  readonly body: JsonSchema | null;
  /** JSON Schema of the query string (string-valued properties), when declared; checked before the handler runs. */
  readonly query?: JsonSchema;
  /** The error statuses the call can answer, each as the SPEC §7 envelope `{success: false, errors, fields?}`. */
  readonly errors: readonly ApiErrorStatus[];
  /** The SPEC §5 form whose schema, messages and custom rules validate the body, if any. */
  readonly form?: string | null;
  /** Largest request body in bytes, when a call needs more than the server's default (image uploads). */
  readonly bodyLimit?: number;
}

/**
 * What a call declares about its answers (generated/api-replies.ts), read by the test servers' reply
 * check: the success envelope's `data` schema, or the media types it answers instead (`redirect`:
 * a 3xx with Location), and the error statuses the manifest lists for it.
 */
export interface ApiReplyDeclaration {
  readonly response?: JsonSchema;
  readonly produces?: readonly string[];
  readonly errors?: readonly ApiErrorStatus[];
}

/** SPEC §3 menu entry as kept per client. */
export interface ClientMenuEntry {
  readonly status: 0 | 1;
  readonly custom_menu_text: string;
}

/** SPEC §3 client (decoded from get-user). */
export interface SessionClient {
  readonly id: number;
  readonly company_name: string;
  readonly company_code: string;
  readonly logo: string | null;
  readonly hex_color: string;
  readonly secondary_hex_color: string;
  readonly site_footer: string;
  readonly client_regions: readonly string[];
  readonly site_menu_details: Partial<Record<SiteMenuKey, ClientMenuEntry>>;
  readonly is_access_of: readonly string[];
  /** The client's banner image URL (admin client form), when it has one. */
  readonly banner?: string | null;
}

/** SPEC §3 user (decoded from get-user). */
export interface SessionUser {
  readonly id: number;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly role_name: string;
  readonly roles: { readonly all_permission: readonly string[] };
  readonly region: string | null;
  readonly sso_status: 0 | 1;
  readonly admin_sso_status: 0 | 1;
  readonly language: string;
}

/** What the guards and menus need to know about the visitor. */
export interface SessionSnapshot {
  readonly user: SessionUser | null;
  readonly client: SessionClient | null;
}
