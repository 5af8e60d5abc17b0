import type { Selectable } from 'kysely';
import type { ClientsTable } from '../../db/schema';
import type { ClientMenuEntry, SiteMenuKey } from '../../../shared/model';
import type { ApiResponse } from '../../../../generated/api-types';
import { DEFAULT_OUTCOME_TARGETS as OUTCOME } from '../../../shared/dashboards/outcomes';

/** The SPEC §5 client form as the server receives it (manifest/forms/client.yaml). */
export interface ClientForm {
  company_name: string;
  company_code: string;
  client_type: string;
  status: 'Active' | 'Inactive';
  default_user_role: number;
  report_type: string;
  logo_file: string;
  banner_image: string;
  hex_color?: string;
  secondary_hex_color?: string;
  site_footer?: string;
  regions?: string[];
  access_list?: string[];
  work_area: string[];
  billablecost?: number;
  evaluation_approval_required?: boolean;
  training_notify_manager?: boolean;
  participation_target?: number;
  high_risk_ceiling?: number;
  moved_out_target?: number;
  rosa_drop_target?: number;
  discomfort_drop_target?: number;
  overdue_ceiling?: number;
  cost_per_move_target?: number;
  home: string;
  ergo: string;
  guideline: string;
  work_better: string;
  videos: string;
  self_assessment: string;
  request_evaluation: string;
  home_status: 0 | 1;
  ergo_status: 0 | 1;
  guideline_status: 0 | 1;
  work_better_status: 0 | 1;
  videos_status: 0 | 1;
  self_assessment_status: 0 | 1;
  request_evaluation_status: 0 | 1;
}

/** The defaults of migration 029 (per cent), for a form sent without them. */
export const DEFAULT_TARGETS = { participation: 60, highRisk: 15 } as const;

/** Form field → SPEC §3 site_menu_details key; the status field is `<field>_status`. */
export const MENU_FIELDS = {
  home: 'Home',
  ergo: 'ErgoEssentials',
  guideline: 'SetupGuidelines',
  work_better: 'WorkBetter',
  videos: 'Videos',
  self_assessment: 'TakeASelfAssessment',
  request_evaluation: 'RequestAnEvaluation',
} as const satisfies Record<string, SiteMenuKey>;

type MenuField = keyof typeof MENU_FIELDS;

/** The menu configuration SPEC §3 keeps per client: each item's status (1 shown, 0 hidden) and text. */
export function menuDetails(form: ClientForm): Record<SiteMenuKey, ClientMenuEntry> {
  return Object.fromEntries(
    (Object.keys(MENU_FIELDS) as MenuField[]).map((field) => [
      MENU_FIELDS[field],
      { status: form[`${field}_status`], custom_menu_text: form[field].trim() },
    ]),
  ) as Record<SiteMenuKey, ClientMenuEntry>;
}

/** The columns a saved form writes (images are stored separately, see images.ts). */
export function clientColumns(form: ClientForm) {
  return {
    company_name: form.company_name.trim(),
    company_code: form.company_code.trim(),
    client_type: form.client_type,
    status: form.status === 'Active' ? 'active' : 'inactive',
    default_role_id: form.default_user_role,
    report_type: form.report_type,
    hex_color: (form.hex_color ?? '#FF9500').toUpperCase(),
    secondary_hex_color: (form.secondary_hex_color ?? '#1A191C').toUpperCase(),
    site_footer: (form.site_footer ?? '').trim(),
    regions: JSON.stringify((form.regions ?? []).map((r) => r.trim())),
    access_list: JSON.stringify(form.access_list ?? []),
    site_menu_details: JSON.stringify(menuDetails(form)),
    work_area: JSON.stringify(form.work_area),
    billable_cost: form.billablecost ?? null,
    // SPEC §1: reports wait for the programme manager's approval; the overview's targets (migration 029).
    evaluation_approval_required: form.evaluation_approval_required ?? false,
    // docs/product.md "Training": programme managers told when an employee asks for help (migration 036).
    training_notify_manager: form.training_notify_manager ?? false,
    participation_target_pct: form.participation_target ?? DEFAULT_TARGETS.participation,
    high_risk_ceiling_pct: form.high_risk_ceiling ?? DEFAULT_TARGETS.highRisk,
    // The risk-reduction panel's targets (migration 038).
    moved_out_target_pct: form.moved_out_target ?? OUTCOME.movedOut,
    rosa_drop_target: form.rosa_drop_target ?? OUTCOME.rosaDrop,
    discomfort_drop_target_pct: form.discomfort_drop_target ?? OUTCOME.discomfortDrop,
    overdue_ceiling_pct: form.overdue_ceiling ?? OUTCOME.overdueCeiling,
    cost_per_move_target: form.cost_per_move_target ?? OUTCOME.costPerMove,
  };
}

/** The client as the admin form reads it (the reply of admin_client_get, without the images). */
export type ClientFormRecord = Omit<ApiResponse<'admin_client_get'>['client'], 'logo_file' | 'banner_image'>;

/** A stored client back as form data (images added by the caller as data URLs). */
export function clientToForm(row: Selectable<ClientsTable>): ClientFormRecord {
  const menu = row.site_menu_details as Partial<Record<SiteMenuKey, ClientMenuEntry>>;
  const fields = Object.fromEntries(
    (Object.keys(MENU_FIELDS) as MenuField[]).flatMap((field) => {
      const entry = menu[MENU_FIELDS[field]];
      return [
        [field, entry?.custom_menu_text ?? ''],
        [`${field}_status`, entry?.status === 0 ? 0 : 1],
      ];
    }),
    // Object.fromEntries cannot know its keys: the menu fields and their `_status` twins, each once.
  ) as Pick<ClientFormRecord, MenuField | `${MenuField}_status`>;
  return {
    company_name: row.company_name,
    company_code: row.company_code,
    client_type: row.client_type,
    status: row.status === 'active' ? 'Active' : 'Inactive',
    default_user_role: row.default_role_id ?? 0,
    report_type: row.report_type,
    hex_color: row.hex_color,
    secondary_hex_color: row.secondary_hex_color,
    site_footer: row.site_footer,
    regions: row.regions,
    access_list: row.access_list,
    work_area: row.work_area,
    ...(row.billable_cost === null ? {} : { billablecost: Number(row.billable_cost) }),
    evaluation_approval_required: row.evaluation_approval_required,
    training_notify_manager: row.training_notify_manager,
    participation_target: row.participation_target_pct,
    high_risk_ceiling: row.high_risk_ceiling_pct,
    moved_out_target: row.moved_out_target_pct,
    rosa_drop_target: row.rosa_drop_target,
    discomfort_drop_target: row.discomfort_drop_target_pct,
    overdue_ceiling: row.overdue_ceiling_pct,
    cost_per_move_target: row.cost_per_move_target,
    ...fields,
  };
}

/** What the audit log records of a client: every column, images by hash only. */
export function auditView(row: Record<string, unknown>, images: { logo: string | null; banner: string | null }) {
  const { logo: _logo, banner: _banner, created_at: _created, ...rest } = row;
  return { ...rest, logo_sha256: images.logo, banner_sha256: images.banner };
}
