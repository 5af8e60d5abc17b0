import { regionLabel } from '../../../components/charts/body-map';
import { evaluationStatus, requestStatus } from '../../../components/reports/status-labels';
import type { CellText } from '../../../components/grid/grid-columns';
import { areaName, bandName } from '../../../components/reports/report-labels';
import type { InterfaceKey } from '../../../i18n/keys';
import { hasKey, type T } from '../../../i18n/texts';
import {
  findField,
  OPERATORS,
  type Operator,
  type SearchField,
  type SearchKind,
  type SearchOption,
} from '../../../../shared/search/fields';
import { actionStateKey } from '../../../../shared/actions/action-rules';
import { equipmentCategoryKey, equipmentStateKey } from '../../../../shared/equipment/equipment-rules';
import type { ActionState, EquipmentState } from '../../../../../generated/workflows';

/**
 * The words of custom search (src/shared/search/fields.ts declares them as data, in English) in the
 * reader's language, by key: `staff.cs.field.<key>`, `staff.cs.op.<operator>`, `staff.cs.kind.<kind>`;
 * an option by what it is (a status, area, region, band, outcome). A key English lacks keeps the
 * declared label.
 */
const byKey = (t: T, key: string, english: string) => (hasKey(key) ? t(key as InterfaceKey) : english);

export const fieldLabel = (t: T, field: SearchField) => byKey(t, `staff.cs.field.${field.key}`, field.label);
export const operatorLabel = (t: T, op: Operator, english: string) => byKey(t, `staff.cs.op.${op}`, english);
export const kindTitle = (t: T, kind: SearchKind, english: string) => byKey(t, `staff.cs.kind.${kind}`, english);

export function optionLabel(t: T, field: SearchField, option: SearchOption): string {
  const v = option.value;
  switch (field.key) {
    case 'status':
      return ['requested', 'scheduled', 'cancelled', 'completed'].includes(v) ? requestStatus(t, v) : evaluationStatus(t, v);
    case 'work_area':
      return areaName(t, v.toLowerCase());
    case 'discomfort_regions':
    case 'discomfort_after':
      return regionLabel(v);
    // The words My Actions and the equipment pages use (the equipment part is loaded with custom search).
    case 'action_state':
      return t(actionStateKey(v as ActionState));
    case 'equipment_state':
      return t(equipmentStateKey(v as EquipmentState));
    case 'equipment_category':
      return t(equipmentCategoryKey(v));
    case 'training_course_state': {
      const [course = '', state = ''] = v.split(':');
      return t('staff.cs.training.course_state', {
        course: byKey(t, `staff.cs.training.course.${course}`, course),
        state: byKey(t, `staff.cs.training.state.${state}`, state),
      });
    }
    default:
      return byKey(t, `staff.cs.option.${v}`, option.label);
  }
}

const REQUEST_CODES = ['requested', 'scheduled', 'cancelled', 'completed'];
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Grid cells whose server values are codes (a status, a risk band, a work area): shown in the
 * reader's language, for the custom search results and the programme overview's records.
 */
export const codeCells = (t: T): Record<string, CellText> => ({
  status: (v) => (text(v) ? (REQUEST_CODES.includes(text(v)) ? requestStatus(t, text(v)) : evaluationStatus(t, text(v))) : ''),
  risk_band: (v) => (text(v) ? bandName(t, text(v)) : ''),
  work_area: (v) => (text(v) ? areaName(t, text(v).toLowerCase()) : ''),
});

/** The reasons validate.ts gives for a condition's value, by their English (SPEC messages stay English on the server). */
const REASONS: [RegExp, InterfaceKey, string[]][] = [
  [/^needs a list of one or more choices$/, 'staff.cs.why.list', []],
  [/^needs a number from (.+) to (.+)$/, 'staff.cs.why.number_range', ['min', 'max']],
  [/^needs a number$/, 'staff.cs.why.number', []],
  [/^needs text$/, 'staff.cs.why.text', []],
  [/^accepts at most (\d+) characters$/, 'staff.cs.why.too_long', ['max']],
  [/^needs two values, from and to$/, 'staff.cs.why.two_values', []],
  [/^needs the first value not above the second$/, 'staff.cs.why.value_order', []],
  [/^needs two dates \(YYYY-MM-DD\)$/, 'staff.cs.why.two_dates', []],
  [/^needs the first date not after the second$/, 'staff.cs.why.date_order', []],
  [/^needs a date \(YYYY-MM-DD\)$/, 'staff.cs.why.date', []],
];

/**
 * A problem parseDefinition found in the form's conditions ("Condition 2 (Overall score is between)
 * needs a number from 0 to 10.") in the reader's language; a message it does not know is shown as sent.
 */
export function conditionProblem(t: T, kind: SearchKind, conditions: readonly { field: string; op: Operator }[], english: string): string {
  const m = /^Condition (\d+) \((.+)\) (.+)\.$/.exec(english);
  const condition = m ? conditions[Number(m[1]) - 1] : undefined;
  const field = condition && findField(kind, condition.field);
  if (!m || !condition || !field) return english;
  const reason = REASONS.map(([re, key, names]) => {
    const hit = re.exec(m[3]!);
    return hit ? t(key, Object.fromEntries(names.map((name, i) => [name, hit[i + 1]!]))) : null;
  }).find((r) => r !== null);
  if (!reason) return english;
  return t('staff.cs.problem', {
    n: m[1]!,
    field: fieldLabel(t, field),
    op: operatorLabel(t, condition.op, OPERATORS[condition.op]),
    reason,
  });
}
