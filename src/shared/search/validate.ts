import {
  findField,
  MAX_CONDITIONS,
  MAX_TEXT_VALUE,
  operatorsOf,
  OPERATORS,
  type Operator,
  type SearchField,
  type SearchKind,
} from './fields';

/** One condition: a field of the kind, one of its operators and a value of the field's type. */
export type ConditionValue = string | number | readonly string[] | readonly [number, number] | readonly [string, string] | null;
export interface SearchCondition {
  readonly field: string;
  readonly op: Operator;
  readonly value: ConditionValue;
}
export interface SearchDefinition {
  readonly match: 'all' | 'any';
  readonly conditions: readonly SearchCondition[];
}

export const EMPTY_DEFINITION: SearchDefinition = { match: 'all', conditions: [] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day YYYY-MM-DD from 1900 to 9999. */
export function isDay(value: unknown): value is string {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m || Number(m[1]) < 1900) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const NO_VALUE: readonly Operator[] = ['is_empty', 'is_not_empty'];
const LIST: readonly Operator[] = ['one_of', 'includes_any', 'includes_all'];

/** Checks one value against its field and operator: the value as stored, or the reason it is refused. */
function checkValue(field: SearchField, op: Operator, value: unknown): { value: ConditionValue } | string {
  if (NO_VALUE.includes(op)) return value === undefined || value === null || value === '' ? { value: null } : 'takes no value';
  if (LIST.includes(op)) {
    const allowed = (field.options ?? []).map((o) => o.value);
    if (!Array.isArray(value) || value.length === 0) return 'needs a list of one or more choices';
    if (value.some((v) => typeof v !== 'string' || !allowed.includes(v))) return `accepts only: ${allowed.join(', ')}`;
    return { value: [...new Set(value as string[])] };
  }
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return 'needs two values, from and to';
    const [a, b] = value as unknown[];
    if (field.type === 'number') {
      const range = numberProblem(field, a) ?? numberProblem(field, b);
      if (range) return range;
      return (a as number) <= (b as number) ? { value: [a as number, b as number] } : 'needs the first value not above the second';
    }
    if (!isDay(a) || !isDay(b)) return 'needs two dates (YYYY-MM-DD)';
    return a <= b ? { value: [a, b] } : 'needs the first date not after the second';
  }
  switch (field.type) {
    case 'number': {
      const problem = numberProblem(field, value);
      return problem ?? { value: value as number };
    }
    case 'date':
      return isDay(value) ? { value } : 'needs a date (YYYY-MM-DD)';
    case 'enum': {
      const allowed = (field.options ?? []).map((o) => o.value);
      return typeof value === 'string' && allowed.includes(value) ? { value } : `accepts only: ${allowed.join(', ')}`;
    }
    default: {
      if (typeof value !== 'string') return 'needs text';
      const text = value.trim();
      if (!text) return 'needs text';
      if (text.length > MAX_TEXT_VALUE) return `accepts at most ${MAX_TEXT_VALUE} characters`;
      // PostgreSQL text cannot hold NUL; refusing it here keeps the query from failing later.
      if (text.includes('\0')) return 'must not contain a NUL character';
      return { value: text };
    }
  }
}

function numberProblem(field: SearchField, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'needs a number';
  if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max))
    return `needs a number from ${field.min} to ${field.max}`;
  return null;
}

/**
 * A definition as received (JSON from the address or a saved search), checked in full: the checked
 * definition, or a message naming the first wrong condition ("Condition 2 (Risk band): …") for a 400.
 */
export function parseDefinition(kind: SearchKind, raw: unknown): SearchDefinition | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'The search must be an object with match and conditions.';
  const { match, conditions, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length) return `The search has unknown parts: ${Object.keys(rest).slice(0, 3).join(', ')}.`;
  if (match !== 'all' && match !== 'any') return 'The search must match all or any of its conditions.';
  if (!Array.isArray(conditions)) return 'The search conditions must be a list.';
  if (conditions.length > MAX_CONDITIONS) return `A search has at most ${MAX_CONDITIONS} conditions.`;
  const checked: SearchCondition[] = [];
  for (const [i, c] of conditions.entries()) {
    const n = `Condition ${i + 1}`;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return `${n} must be an object with field, op and value.`;
    const { field: key, op, value, ...extra } = c as Record<string, unknown>;
    if (Object.keys(extra).length) return `${n} has unknown parts.`;
    const field = findField(kind, key);
    if (!field) return `${n}: there is no field "${String(key).slice(0, 40)}" to search on.`;
    if (typeof op !== 'string' || !operatorsOf(field).includes(op as Operator))
      return `${n} (${field.label}): the operator must be one of: ${operatorsOf(field)
        .map((o) => OPERATORS[o])
        .join(', ')}.`;
    const result = checkValue(field, op as Operator, value);
    if (typeof result === 'string') return `${n} (${field.label} ${OPERATORS[op as Operator]}) ${result}.`;
    checked.push({ field: field.key, op: op as Operator, value: result.value });
  }
  return { match, conditions: checked };
}

/** parseDefinition of the JSON text in the address (`?definition=`); empty means no conditions. */
export function parseDefinitionText(kind: SearchKind, text: string | undefined): SearchDefinition | string {
  if (!text) return EMPTY_DEFINITION;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'The search is not valid JSON.';
  }
  return parseDefinition(kind, raw);
}
