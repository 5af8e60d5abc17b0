import {
  customSearchErgoEvalGrid,
  customSearchFollowUpGrid,
  customSearchScheduleRequestGrid,
  customSearchSelfAssessmentGrid,
} from '../../../generated/grids';
import { CMDQ_REGIONS } from '../assessment/cmdq-regions';
import type { GridDefinition } from '../grid';
import { EVALUATION_STATES } from '../workflow-terms';
import { ACTION_STATES } from '../actions/action-rules';
import { EQUIPMENT_CATEGORIES, EQUIPMENT_STATES } from '../equipment/equipment-rules';
import { TRAINING_REPORT_STATES } from '../training/report-states';
import { COURSE_IDS } from '../training/types';

const HIDDEN_STATE = 'hidden';

/**
 * Custom search (SPEC §1, §2 /user/custom-search-*): the fields a programme manager or client manager
 * may filter on, per kind of record, declared as data. The browser builds its filter form from this
 * list and the server checks every definition against it (validate.ts) before it maps each field to a
 * fixed SQL expression (src/server/api/search/query.ts). Nothing typed by a user ever becomes SQL.
 *
 * Kept as a typed module shared by server and browser (not a manifest file) because the operators,
 * value checks and SQL mapping must agree exactly and change together.
 */
export const SEARCH_KINDS = ['self-assessment', 'ergo-eval', 'schedule-request', 'follow-up'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const FIELD_TYPES = ['text', 'number', 'date', 'enum', 'set'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const OPERATORS = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  starts_with: 'starts with',
  lt: 'is less than',
  le: 'is at most',
  gt: 'is more than',
  ge: 'is at least',
  before: 'is before',
  on_or_before: 'is on or before',
  after: 'is after',
  on_or_after: 'is on or after',
  between: 'is between',
  one_of: 'is one of',
  includes_any: 'includes any of',
  includes_all: 'includes all of',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
} as const;
export type Operator = keyof typeof OPERATORS;

/** Which operators each type of field allows; a definition naming any other is refused. */
export const TYPE_OPERATORS: Record<FieldType, readonly Operator[]> = {
  text: ['contains', 'equals', 'not_equals', 'starts_with', 'is_empty', 'is_not_empty'],
  number: ['equals', 'not_equals', 'lt', 'le', 'gt', 'ge', 'between', 'is_empty', 'is_not_empty'],
  date: ['equals', 'before', 'on_or_before', 'after', 'on_or_after', 'between', 'is_empty', 'is_not_empty'],
  enum: ['equals', 'not_equals', 'one_of'],
  set: ['includes_any', 'includes_all', 'is_empty', 'is_not_empty'],
};

export interface SearchOption {
  readonly value: string;
  readonly label: string;
}
export interface SearchField {
  readonly key: string;
  readonly label: string;
  readonly type: FieldType;
  /** enum and set fields: the only values accepted. */
  readonly options?: readonly SearchOption[];
  /** number fields: the range a value must fall in. */
  readonly min?: number;
  readonly max?: number;
  /** Narrower operator list than the type's, when some make no sense for the field. */
  readonly operators?: readonly Operator[];
}

const opts = (values: readonly string[], label: (v: string) => string = titleCase): SearchOption[] =>
  values.map((value) => ({ value, label: label(value) }));
function titleCase(value: string): string {
  const words = value.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
const REGION_LABEL = (v: string) => titleCase(v.replace(/_left$/, ' (left)').replace(/_right$/, ' (right)'));
const AREAS_LOWER = opts(['office', 'home', 'anywhere', 'lab', 'travel']);
const AREAS_TITLE = opts(['Office', 'Home', 'Anywhere', 'Lab', 'Travel']);
const BODY_REGIONS = opts(CMDQ_REGIONS, REGION_LABEL);

const EMPLOYEE: SearchField[] = [
  { key: 'employee_name', label: 'Employee name', type: 'text' },
  { key: 'employee_email', label: 'Employee e-mail', type: 'text' },
  { key: 'region', label: 'Region', type: 'text' },
];

/**
 * What the employee has been given to do and sent (docs/product.md "Corrective actions", "Equipment"):
 * any of their corrective actions in a state, an open one past its due date, any of their equipment
 * requests in a state or of a category. Every kind of record can be narrowed by them.
 */
const FOLLOW_THROUGH: SearchField[] = [
  { key: 'action_state', label: 'Corrective action in state', type: 'set', options: opts(ACTION_STATES) },
  { key: 'action_overdue', label: 'Corrective action overdue', type: 'enum', options: opts(['yes', 'no']) },
  { key: 'equipment_state', label: 'Equipment request in state', type: 'set', options: opts(EQUIPMENT_STATES) },
  { key: 'equipment_category', label: 'Equipment requested (category)', type: 'set', options: opts(EQUIPMENT_CATEGORIES) },
  // A course in a state, as the training activity page shows it (docs/product.md "Training: the
  // programme manager's figures"): `<course>:<state>`, so "display screen basics overdue" is one choice.
  {
    key: 'training_course_state',
    label: 'Training course in state',
    type: 'set',
    options: COURSE_IDS.flatMap((course) => TRAINING_REPORT_STATES.map((state) => `${course}:${state}`)).map((value) => ({
      value,
      label: value,
    })),
  },
];

/** The searchable fields of each kind (SPEC §2 Custom Search - Self-Assessment, Ergo Eval, Scheduled Requests, Follow-Ups). */
export const SEARCH_FIELDS: Record<SearchKind, readonly SearchField[]> = {
  'self-assessment': [
    ...EMPLOYEE,
    { key: 'work_area', label: 'Work area', type: 'enum', options: AREAS_LOWER },
    { key: 'submitted_at', label: 'Submitted', type: 'date' },
    // ROSA final score 1–10 (Sonne, Villalta & Andrews 2012), migration 020 overall_score.
    { key: 'overall_score', label: 'Overall score', type: 'number', min: 0, max: 10 },
    { key: 'risk_band', label: 'Risk band', type: 'enum', options: opts(['low', 'moderate', 'high']) },
    {
      key: 'findings',
      label: 'Finding raised',
      type: 'text',
      operators: ['contains', 'equals', 'starts_with', 'is_empty', 'is_not_empty'],
    },
    // Cornell Musculoskeletal Discomfort Questionnaire regions with a score above 0.
    { key: 'discomfort_regions', label: 'Body region with discomfort', type: 'set', options: BODY_REGIONS },
    ...FOLLOW_THROUGH,
  ],
  'ergo-eval': [
    ...EMPLOYEE,
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      // The workflow's states (manifest/workflows/evaluation.yaml) but hidden ones, which search never returns (query.ts).
      options: opts(EVALUATION_STATES.filter((state) => state !== HIDDEN_STATE)),
    },
    { key: 'work_area', label: 'Work area', type: 'enum', options: AREAS_TITLE },
    { key: 'evaluator', label: 'Evaluator', type: 'text' },
    { key: 'created_at', label: 'Started', type: 'date' },
    { key: 'finalized_at', label: 'Finalized', type: 'date' },
    { key: 'recommendation_priority', label: 'Recommendation priority', type: 'set', options: opts(['high', 'medium', 'low']) },
    ...FOLLOW_THROUGH,
  ],
  'schedule-request': [
    ...EMPLOYEE,
    { key: 'status', label: 'Status', type: 'enum', options: opts(['requested', 'scheduled', 'cancelled', 'completed']) },
    { key: 'work_area', label: 'Work area', type: 'enum', options: AREAS_TITLE },
    { key: 'requested_at', label: 'Requested', type: 'date' },
    { key: 'scheduled_at', label: 'Scheduled for', type: 'date' },
    // Weekdays from the request to its first scheduling, or to today while it waits (SPEC §1 2–5 business days).
    { key: 'wait_business_days', label: 'Wait (business days)', type: 'number', min: 0, max: 10000 },
    ...FOLLOW_THROUGH,
  ],
  'follow-up': [
    ...EMPLOYEE,
    { key: 'due_at', label: 'Due', type: 'date' },
    { key: 'answered', label: 'Answered', type: 'enum', options: opts(['yes', 'no']) },
    { key: 'answered_at', label: 'Answered on', type: 'date' },
    { key: 'recommendation_outcomes', label: 'Recommendation outcome', type: 'set', options: opts(['done', 'in_progress', 'not_done']) },
    { key: 'discomfort_after', label: 'Discomfort after (body region)', type: 'set', options: BODY_REGIONS },
    ...FOLLOW_THROUGH,
  ],
};

/** The grid's columns per kind: key and heading; the server sends exactly these (and id, client_id, report). */
export const RESULT_COLUMNS: Record<SearchKind, readonly { readonly key: string; readonly label: string }[]> = {
  'self-assessment': [
    { key: 'employee_name', label: 'Employee' },
    { key: 'employee_email', label: 'E-mail' },
    { key: 'region', label: 'Region' },
    { key: 'work_area', label: 'Work area' },
    { key: 'submitted_at', label: 'Submitted' },
    { key: 'overall_score', label: 'Score' },
    { key: 'risk_band', label: 'Risk band' },
  ],
  'ergo-eval': [
    { key: 'employee_name', label: 'Employee' },
    { key: 'employee_email', label: 'E-mail' },
    { key: 'status', label: 'Status' },
    { key: 'work_area', label: 'Work area' },
    { key: 'evaluator', label: 'Evaluator' },
    { key: 'created_at', label: 'Started' },
    { key: 'finalized_at', label: 'Finalized' },
  ],
  'schedule-request': [
    { key: 'employee_name', label: 'Employee' },
    { key: 'employee_email', label: 'E-mail' },
    { key: 'status', label: 'Status' },
    { key: 'work_area', label: 'Work area' },
    { key: 'requested_at', label: 'Requested' },
    { key: 'scheduled_at', label: 'Scheduled for' },
    { key: 'wait_business_days', label: 'Wait (business days)' },
  ],
  'follow-up': [
    { key: 'employee_name', label: 'Employee' },
    { key: 'employee_email', label: 'E-mail' },
    { key: 'due_at', label: 'Due' },
    { key: 'answered_at', label: 'Answered on' },
    { key: 'recommendation_outcomes', label: 'Outcomes' },
  ],
};

export const MAX_CONDITIONS = 10;
export const MAX_TEXT_VALUE = 100;
/** The most rows one export writes (bounded memory; the message says so when a search has more). */
export const MAX_EXPORT_ROWS = 50_000;

export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === 'string' && (SEARCH_KINDS as readonly string[]).includes(value);
}

/** The field of a kind by key: a list lookup, never an object index (`__proto__` is no field). */
export function findField(kind: SearchKind, key: unknown): SearchField | undefined {
  return SEARCH_FIELDS[kind].find((f) => f.key === key);
}

export function operatorsOf(field: SearchField): readonly Operator[] {
  return field.operators ?? TYPE_OPERATORS[field.type];
}

export const KIND_TITLES: Record<SearchKind, string> = {
  'self-assessment': 'Self-Assessment',
  'ergo-eval': 'Ergo Eval',
  'schedule-request': 'Scheduled Requests',
  'follow-up': 'Follow-Ups',
};

/** The result grid of each kind (manifest/grids/custom_search_*.yaml): its columns, sort keys and record links. */
export const CUSTOM_SEARCH_GRIDS = {
  'self-assessment': customSearchSelfAssessmentGrid,
  'ergo-eval': customSearchErgoEvalGrid,
  'schedule-request': customSearchScheduleRequestGrid,
  'follow-up': customSearchFollowUpGrid,
} as const satisfies Record<SearchKind, GridDefinition>;

/** The grid columns the server can sort by, per kind; the first is the default (newest first), as the grids declare. */
export const SORT_KEYS: Record<SearchKind, readonly string[]> = {
  'self-assessment': CUSTOM_SEARCH_GRIDS['self-assessment'].sortable,
  'ergo-eval': CUSTOM_SEARCH_GRIDS['ergo-eval'].sortable,
  'schedule-request': CUSTOM_SEARCH_GRIDS['schedule-request'].sortable,
  'follow-up': CUSTOM_SEARCH_GRIDS['follow-up'].sortable,
};

export function sortKeysOf(kind: SearchKind): readonly string[] {
  return SORT_KEYS[kind];
}
