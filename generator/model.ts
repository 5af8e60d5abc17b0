import type {
  ApiCallDefinition,
  ApiErrorStatus,
  JsonSchema,
  FirstMenuRule,
  HostForwarding,
  LandingRule,
  PermissionDefinition,
  PermissionMenuItem,
  ProfileMenuDefinition,
  RedirectDefinition,
  RouteDefinition,
  SiteMenuItem,
} from '../src/shared/model';
import type { WorkflowDefinition } from '../src/shared/workflow';
import type { GridDefinition } from '../src/shared/grid';
import { sortBy } from './order';
import type { ManifestFile } from './parse';

/** A route with where it came from, so later stages can name the file and key of a problem. */
export interface SourcedRoute extends RouteDefinition {
  readonly file: string;
  readonly key: string;
}

export interface BrandedMenuItemModel {
  readonly label: string;
  readonly route: string;
  readonly permissions: readonly string[];
  readonly requiresSelfAssessment: boolean;
}

export interface MenusModel {
  readonly siteMenu: readonly SiteMenuItem[];
  readonly profileMenu: ProfileMenuDefinition;
  readonly mobileSidebar: readonly PermissionMenuItem[];
  readonly employeeSidebar: readonly PermissionMenuItem[];
  readonly clientManagerSidebar: readonly PermissionMenuItem[];
  readonly adminSidebar: readonly PermissionMenuItem[];
  readonly brandedMenu: readonly BrandedMenuItemModel[];
}

export interface LandingModel {
  readonly rules: readonly LandingRule[];
  readonly fallback: string;
  readonly ergoAllyPermission: string;
  readonly ergoAllyPosition: number;
  readonly firstMenu: readonly FirstMenuRule[];
  readonly firstMenuFallback: string;
}

export interface FormModel {
  readonly name: string;
  readonly title: string;
  readonly schema: Record<string, unknown>;
  readonly uiSchema: Record<string, unknown>;
  readonly messages: Record<string, Record<string, string>>;
  readonly rules: readonly Record<string, unknown>[];
  /** The route a saved form opens (`after_save`); null: the page stays where it is. */
  readonly afterSave: string | null;
  readonly file: string;
}

/** The whole manifest after defaults are applied and `each` entries are expanded. */
export interface Model {
  readonly permissions: readonly PermissionDefinition[];
  readonly routes: readonly SourcedRoute[];
  readonly redirects: readonly RedirectDefinition[];
  readonly hostForwarding: HostForwarding;
  readonly menus: MenusModel;
  readonly landing: LandingModel;
  readonly branding: { brandedClient: { name: string; codes: string[]; basePath: string }; productTitle: string; titlePrefix: string };
  readonly contentSections: readonly string[];
  /**
   * `response` is the success envelope's `data` schema, `produces` the media types of a call that
   * answers something else (a download, a page, a redirect), `declaredErrors` the `errors` the
   * manifest lists itself (null: the defaults). None of them is in the runtime table (generated/api.ts):
   * types and the test servers' reply check (generated/api-replies.ts) read them.
   */
  readonly apiCalls: readonly (ApiCallDefinition & {
    /** manifest/api/<area>.yaml and `calls[i]`, for problem messages; never emitted. */
    readonly file: string;
    readonly key: string;
    readonly form: string | null;
    readonly response: JsonSchema | null;
    readonly produces: readonly string[] | null;
    readonly declaredErrors: readonly ApiErrorStatus[] | null;
    /** Called by the app shell on every page: its route ships in the main script (generated/api-shell.ts). */
    readonly shell: boolean;
  })[];
  readonly forms: readonly FormModel[];
  /** manifest/workflows/*.yaml, sorted by name, each with its file for problem messages. */
  readonly workflows: readonly (WorkflowDefinition & { readonly file: string })[];
  /** manifest/grids/*.yaml, sorted by name, each with its file for problem messages. */
  readonly grids: readonly (GridDefinition & {
    readonly file: string;
    readonly sortKeys: readonly string[];
  })[];
  /** Which file each concept came from, for problem messages. */
  readonly sources: Readonly<Record<string, string>>;
}

type Raw = Record<string, unknown>;

function expandEach(raw: Raw): Raw[] {
  const each = raw.each as Record<string, string[]> | undefined;
  if (!each) return [raw];
  let variants: Raw[] = [raw];
  for (const [variable, values] of Object.entries(each)) {
    const token = `{${variable}}`;
    variants = variants.flatMap((variant) =>
      values.map((value) => {
        const copy: Raw = { ...variant };
        for (const field of ['name', 'path', 'title', 'content']) {
          if (typeof copy[field] === 'string') copy[field] = (copy[field] as string).split(token).join(value);
        }
        return copy;
      }),
    );
  }
  return variants.map(({ each: _each, ...rest }) => rest);
}

function toRoute(raw: Raw, defaults: Raw, area: RouteDefinition['area'], file: string, key: string): SourcedRoute {
  const merged = { ...defaults, ...raw };
  return {
    name: String(merged.name),
    path: String(merged.path),
    aliases: (merged.aliases as string[] | undefined) ?? [],
    area,
    layout: (merged.layout as RouteDefinition['layout']) ?? 'home',
    sidebar: (merged.sidebar as RouteDefinition['sidebar']) ?? null,
    title: String(merged.title),
    access: (merged.access as RouteDefinition['access']) ?? 'public',
    permissions: (merged.permissions as string[] | undefined) ?? [],
    contentAccess: (merged.contentAccess as string[] | undefined) ?? [],
    viewreport: Boolean(merged.viewreport),
    conditions: (merged.conditions as RouteDefinition['conditions'] | undefined) ?? [],
    page: String(merged.page ?? ''),
    contentSlug: typeof merged.content === 'string' ? merged.content : null,
    newTab: Boolean(merged.newTab),
    file,
    key,
  };
}

/** `:name` segments of a call's path (Fastify syntax), in order: the call's path parameters. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/**
 * The error statuses of a call that declares none (manifest/README.md): 400 always (every address is
 * checked, SPEC §7), 401 for signed-in calls, 403 when permissions or `access` apply, 404 when the
 * path names a record.
 */
function defaultErrors(c: Raw): ApiErrorStatus[] {
  const errors: ApiErrorStatus[] = [400];
  if (c.auth === 'session') errors.push(401);
  if ((Array.isArray(c.permissions) && c.permissions.length > 0) || c.access) errors.push(403);
  if (pathParams(String(c.path)).length > 0) errors.push(404);
  return errors;
}

/** Every call of manifest/api/*.yaml, file by file in name order, with its file and key. */
function apiEntries(files: readonly ManifestFile[]): { call: Raw; file: string; key: string }[] {
  return files
    .filter((f) => f.kind === 'api')
    .flatMap((f) => (((f.data as Raw).calls as Raw[] | undefined) ?? []).map((call, i) => ({ call, file: f.file, key: `calls[${i}]` })));
}

function menuItem(raw: Raw): PermissionMenuItem {
  return {
    label: String(raw.label),
    route: String(raw.route),
    permissions: (raw.permissions as string[]) ?? [],
    newTab: Boolean(raw.newTab),
  };
}

/** Stage 2, model: turns schema-valid files into one model (defaults applied, `each` expanded). */
export function buildModel(files: readonly ManifestFile[]): Model {
  const one = (kind: ManifestFile['kind']) => files.find((f) => f.kind === kind);
  const data = (kind: ManifestFile['kind']) => (one(kind)?.data ?? {}) as Raw;
  const routes: SourcedRoute[] = [];
  for (const f of files.filter((x) => x.kind === 'routes')) {
    const raw = f.data as Raw;
    const defaults = (raw.defaults as Raw) ?? {};
    (raw.routes as Raw[]).forEach((entry, index) => {
      for (const expanded of expandEach(entry)) {
        routes.push(toRoute(expanded, defaults, raw.area as RouteDefinition['area'], f.file, `routes[${index}]`));
      }
    });
  }
  const menus = data('menus');
  const profile = menus.profileMenu as Raw;
  const entry = profile.dashboardEntry as Raw;
  const landing = data('landing');
  const redirects = data('redirects');
  return {
    permissions: ((data('permissions').permissions as Raw[]) ?? []).map((p) => ({
      name: String(p.name),
      group: String(p.group),
      description: String(p.description),
      ...(Array.isArray(p.defaultRoles) ? { defaultRoles: p.defaultRoles.map(String) } : {}),
    })),
    routes,
    redirects: (redirects.redirects as RedirectDefinition[]) ?? [],
    hostForwarding: (redirects.hostForwarding as HostForwarding) ?? { pathPrefixes: [] },
    menus: {
      siteMenu: (menus.siteMenu as SiteMenuItem[]) ?? [],
      profileMenu: {
        profile: menuItem(profile.profile as Raw),
        adminDashboard: menuItem(profile.adminDashboard as Raw),
        dashboardEntry: { candidates: (entry.candidates as Raw[]).map(menuItem), fallback: menuItem(entry.fallback as Raw) },
        switchClientPermission: String(profile.switchClientPermission),
        logout: menuItem(profile.logout as Raw),
      },
      mobileSidebar: (menus.mobileSidebar as Raw[]).map(menuItem),
      employeeSidebar: (menus.employeeSidebar as Raw[]).map(menuItem),
      clientManagerSidebar: (menus.clientManagerSidebar as Raw[]).map(menuItem),
      adminSidebar: (menus.adminSidebar as Raw[]).map(menuItem),
      brandedMenu: (menus.brandedMenu as BrandedMenuItemModel[]) ?? [],
    },
    landing: landing as unknown as LandingModel,
    branding: data('branding') as unknown as Model['branding'],
    contentSections: (data('content-sections').sections as string[]) ?? [],
    // A call may take its body schema from a form (`form: user`): one schema for browser and server.
    apiCalls: apiEntries(files).map(({ call: c, file, key }) => ({
      name: String(c.name),
      method: c.method as ApiCallDefinition['method'],
      path: String(c.path),
      auth: c.auth as ApiCallDefinition['auth'],
      ...(c.access === 'superadmin' ? { access: 'superadmin' as const } : {}),
      permissions: (c.permissions as string[]) ?? [],
      body:
        typeof c.form === 'string'
          ? (((files.find((f) => f.kind === 'form' && (f.data as Raw).name === c.form)?.data as Raw | undefined)
              ?.schema as ApiCallDefinition['body']) ?? null)
          : ((c.body as ApiCallDefinition['body']) ?? null),
      form: typeof c.form === 'string' ? c.form : null,
      ...(c.query ? { query: c.query as JsonSchema } : {}),
      response: (c.response as JsonSchema | undefined) ?? null,
      produces: typeof c.produces === 'string' ? [c.produces] : ((c.produces as string[] | undefined) ?? null),
      declaredErrors: (c.errors as ApiErrorStatus[] | undefined) ?? null,
      shell: c.shell === true,
      errors: (c.errors as ApiErrorStatus[] | undefined) ?? defaultErrors(c),
      ...(typeof c.bodyLimit === 'number' ? { bodyLimit: c.bodyLimit } : {}),
      file,
      key,
    })),
    forms: sortBy(
      files
        .filter((f) => f.kind === 'form')
        .map((f) => {
          const raw = f.data as Raw;
          return {
            name: String(raw.name),
            title: String(raw.title),
            schema: raw.schema as Raw,
            uiSchema: (raw.uiSchema as Raw) ?? {},
            messages: (raw.messages as FormModel['messages']) ?? {},
            rules: (raw.rules as Raw[]) ?? [],
            afterSave: typeof raw.after_save === 'string' ? raw.after_save : null,
            file: f.file,
          };
        }),
      (form) => form.name,
    ),
    workflows: sortBy(
      files
        .filter((f) => f.kind === 'workflow')
        .map((f) => {
          const raw = f.data as Raw;
          return {
            name: String(raw.name),
            title: String(raw.title),
            initial: String(raw.initial),
            file: f.file,
            states: (raw.states as Raw[]).map((s) => ({
              key: String(s.key),
              label: String(s.label),
              colour: String(s.colour).toUpperCase(),
              editable: Boolean(s.editable),
              visibleToEmployee: Boolean(s.visibleToEmployee),
              readableByClient: Boolean(s.readableByClient),
              closed: Boolean(s.closed),
            })),
            transitions: (raw.transitions as Raw[]).map((t) => ({
              name: String(t.name),
              label: String(t.label),
              from: t.from as string[],
              to: String(t.to),
              permission: String(t.permission),
              requires: t.requires as WorkflowDefinition['transitions'][number]['requires'],
              email: (t.email as WorkflowDefinition['transitions'][number]['email']) ?? null,
            })),
          };
        }),
      (workflow) => workflow.name,
    ),
    grids: sortBy(
      files.filter((f) => f.kind === 'grid').map((f) => gridModel(f.data as Raw, f.file, files)),
      (grid) => grid.name,
    ),
    sources: Object.fromEntries(
      files.map((f) => [['routes', 'api', 'form', 'workflow', 'grid'].includes(f.kind) ? f.file : f.kind, f.file]),
    ),
  };
}

/** A link of a grid: one route or several tried in order. */
function gridLink(raw: Raw): {
  routes: string[];
  params: Record<string, string>;
  by: { field: string; routes: Record<string, string[]> } | null;
  describe: string | null;
} {
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
  const by = raw.routeBy as Raw | undefined;
  return {
    routes: list(raw.route),
    params: (raw.params as Record<string, string>) ?? {},
    by: by
      ? { field: String(by.field), routes: Object.fromEntries(Object.entries(by.routes as Raw).map(([value, r]) => [value, list(r)])) }
      : null,
    // A bare field name reads as that field's value.
    describe: typeof raw.describe === 'string' ? (/^[a-z][a-z_]*$/.test(raw.describe) ? `{${raw.describe}}` : raw.describe) : null,
  };
}

/** A grid with its defaults: column type text, the sort keys (default first), paths of its calls. */
function gridModel(
  raw: Raw,
  file: string,
  files: readonly ManifestFile[],
): GridDefinition & { readonly file: string; readonly sortKeys: readonly string[] } {
  const calls = apiEntries(files).map((entry) => entry.call);
  const pathOf = (name: unknown) =>
    typeof name === 'string' ? ((calls.find((c) => c.name === name)?.path as string | undefined) ?? null) : null;
  const columns = (raw.columns as Raw[]).map((c) => ({
    field: String(c.field),
    heading: String(c.heading),
    type: (c.type as GridDefinition['columns'][number]['type']) ?? 'text',
    width: typeof c.width === 'number' ? c.width : null,
    flex: typeof c.flex === 'number' ? c.flex : null,
    sortable: Boolean(c.sortable),
    labels: (c.labels as Record<string, string>) ?? null,
    blank: typeof c.blank === 'string' ? c.blank : '',
    alt: typeof c.alt === 'string' ? c.alt : null,
    sortKey: typeof c.sortKey === 'string' ? c.sortKey : null,
    detail: typeof c.detail === 'string' ? c.detail : null,
    link: c.link ? gridLink(c.link as Raw) : null,
    wrap: Boolean(c.wrap),
  }));
  const keys = [...columns.filter((c) => c.sortable).map((c) => c.sortKey ?? c.field), ...((raw.sortOnly as string[]) ?? [])];
  const first = typeof raw.defaultSort === 'string' ? raw.defaultSort : keys[0];
  return {
    name: String(raw.name),
    call: String(raw.call),
    path: pathOf(raw.call) ?? '',
    exportCall: typeof raw.export === 'string' ? raw.export : null,
    noun: raw.noun as [string, string],
    empty: String(raw.empty),
    columns,
    sortable: first === undefined ? [] : [first, ...keys.filter((k) => k !== first)],
    defaultDir: raw.defaultDir === 'desc' ? 'desc' : 'asc',
    search: ((raw.search as Raw | undefined)?.label as string | undefined) ?? null,
    filters: ((raw.filters as Raw[]) ?? []).map((f) => {
      const source = f.source as Raw | undefined;
      return {
        param: String(f.param),
        label: String(f.label),
        input: (f.input as 'select' | 'text' | 'date' | 'page' | undefined) ?? 'select',
        all: typeof f.all === 'string' ? f.all : 'All',
        values: (f.values as { value: string; label: string }[] | undefined) ?? null,
        source: source
          ? {
              call: String(source.call),
              path: pathOf(source.call) ?? '',
              list: String(source.list),
              value: String(source.value),
              label: String(source.label),
            }
          : null,
      };
    }),
    actions: ((raw.actions as Raw[]) ?? []).map((a) => ({
      label: String(a.label),
      heading: typeof a.heading === 'string' ? a.heading : String(a.label),
      routes: gridLink(a).routes,
      button: typeof a.button === 'string' ? a.button : null,
      call: typeof a.call === 'string' ? a.call : null,
      params: (a.params as Record<string, string>) ?? {},
      by: gridLink(a).by,
      query: (a.query as Record<string, string>) ?? {},
      describe: gridLink(a).describe,
      when: typeof a.when === 'string' ? a.when : null,
      otherwise: typeof a.otherwise === 'string' ? a.otherwise : null,
    })),
    file,
    sortKeys: keys,
  };
}
