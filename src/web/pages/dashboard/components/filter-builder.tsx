import { useId } from 'react';
import {
  findField,
  MAX_CONDITIONS,
  operatorsOf,
  OPERATORS,
  SEARCH_FIELDS,
  type Operator,
  type SearchField,
  type SearchKind,
} from '../../../../shared/search/fields';
import type { SearchCondition, SearchDefinition } from '../../../../shared/search/validate';
import { useT } from '../../../i18n/texts';
import { fieldLabel, operatorLabel, optionLabel } from './search-labels';

/** A condition as the form holds it: values as typed (strings), turned into the definition on Search. */
export interface DraftCondition {
  field: string;
  op: Operator;
  value: string;
  to: string;
  list: string[];
}
export interface Draft {
  match: 'all' | 'any';
  conditions: DraftCondition[];
}

const NO_VALUE: readonly Operator[] = ['is_empty', 'is_not_empty'];
const LIST: readonly Operator[] = ['one_of', 'includes_any', 'includes_all'];

export function newCondition(kind: SearchKind): DraftCondition {
  const field = SEARCH_FIELDS[kind][0]!;
  return { field: field.key, op: operatorsOf(field)[0]!, value: '', to: '', list: [] };
}

/** The form's draft as a definition for the server (and for parseDefinition's check in the browser). */
export function toDefinition(kind: SearchKind, draft: Draft): SearchDefinition {
  return {
    match: draft.match,
    conditions: draft.conditions.map((c): SearchCondition => {
      const field = findField(kind, c.field);
      const num = (v: string) => (v.trim() === '' ? NaN : Number(v));
      if (NO_VALUE.includes(c.op)) return { field: c.field, op: c.op, value: null };
      if (LIST.includes(c.op)) return { field: c.field, op: c.op, value: c.list };
      if (c.op === 'between')
        return { field: c.field, op: c.op, value: (field?.type === 'number' ? [num(c.value), num(c.to)] : [c.value, c.to]) as never };
      return { field: c.field, op: c.op, value: field?.type === 'number' ? num(c.value) : c.value };
    }),
  };
}

/** The definition (from the address or a saved search) back into the form. */
export function toDraft(definition: SearchDefinition): Draft {
  return {
    match: definition.match,
    conditions: definition.conditions.map((c) => {
      const v = c.value;
      if (Array.isArray(v) && LIST.includes(c.op)) return { field: c.field, op: c.op, value: '', to: '', list: v.map(String) };
      if (Array.isArray(v)) return { field: c.field, op: c.op, value: String(v[0]), to: String(v[1]), list: [] };
      return { field: c.field, op: c.op, value: v === null ? '' : String(v), to: '', list: [] };
    }),
  };
}

interface Props {
  kind: SearchKind;
  draft: Draft;
  onChange: (draft: Draft) => void;
}

/**
 * The filter builder (SPEC §2 Custom Search): field, then an operator the field allows, then a value
 * input fitting its type. Native controls with labels throughout (WCAG 2.2 1.3.1, 2.1.1, 4.1.2), so it
 * is usable by keyboard and screen reader, and it stacks at phone width.
 */
export function FilterBuilder({ kind, draft, onChange }: Props) {
  const t = useT();
  const base = useId();
  const set = (i: number, change: Partial<DraftCondition>) =>
    onChange({ ...draft, conditions: draft.conditions.map((c, n) => (n === i ? { ...c, ...change } : c)) });
  return (
    <div className="cs-builder">
      <fieldset className="cs-match">
        <legend>{t('staff.cs.match')}</legend>
        {(['all', 'any'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name={`${base}-match`}
              value={m}
              checked={draft.match === m}
              onChange={() => onChange({ ...draft, match: m })}
            />{' '}
            {m === 'all' ? t('staff.cs.all_conditions') : t('staff.cs.any_condition')}
          </label>
        ))}
      </fieldset>
      {draft.conditions.length === 0 && <p className="muted">{t('staff.cs.no_conditions')}</p>}
      <ol className="cs-conditions">
        {draft.conditions.map((c, i) => {
          const field = findField(kind, c.field) ?? SEARCH_FIELDS[kind][0]!;
          const id = `${base}-${i}`;
          return (
            <li key={i} className="cs-condition">
              <fieldset>
                <legend>{t('staff.cs.condition', { n: i + 1 })}</legend>
                <div className="field">
                  <label htmlFor={`${id}-field`}>{t('staff.cs.field')}</label>
                  <select
                    id={`${id}-field`}
                    value={field.key}
                    onChange={(e) => {
                      const next = findField(kind, e.target.value)!;
                      set(i, { field: next.key, op: operatorsOf(next)[0]!, value: '', to: '', list: [] });
                    }}
                  >
                    {SEARCH_FIELDS[kind].map((f) => (
                      <option key={f.key} value={f.key}>
                        {fieldLabel(t, f)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-op`}>{t('staff.cs.operator')}</label>
                  <select id={`${id}-op`} value={c.op} onChange={(e) => set(i, { op: e.target.value as Operator })}>
                    {operatorsOf(field).map((o) => (
                      <option key={o} value={o}>
                        {operatorLabel(t, o, OPERATORS[o])}
                      </option>
                    ))}
                  </select>
                </div>
                <ValueInput id={id} field={field} condition={c} onChange={(change) => set(i, change)} />
                <button
                  type="button"
                  className="button secondary cs-remove"
                  onClick={() => onChange({ ...draft, conditions: draft.conditions.filter((_, n) => n !== i) })}
                >
                  {t('staff.cs.remove')}
                  <span className="visually-hidden"> {t('staff.cs.condition', { n: i + 1 }).toLowerCase()}</span>
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button secondary"
        disabled={draft.conditions.length >= MAX_CONDITIONS}
        onClick={() => onChange({ ...draft, conditions: [...draft.conditions, newCondition(kind)] })}
      >
        {t('staff.cs.add_condition')}
      </button>
      {draft.conditions.length >= MAX_CONDITIONS && <p className="muted">{t('staff.cs.max_conditions', { max: MAX_CONDITIONS })}</p>}
    </div>
  );
}

function ValueInput({
  id,
  field,
  condition: c,
  onChange,
}: {
  id: string;
  field: SearchField;
  condition: DraftCondition;
  onChange: (change: Partial<DraftCondition>) => void;
}) {
  const t = useT();
  if (NO_VALUE.includes(c.op)) return null;
  if (LIST.includes(c.op)) {
    return (
      <fieldset className="cs-choices">
        <legend>{t('staff.cs.values')}</legend>
        {(field.options ?? []).map((o) => (
          <label key={o.value}>
            <input
              type="checkbox"
              checked={c.list.includes(o.value)}
              onChange={(e) => onChange({ list: e.target.checked ? [...c.list, o.value] : c.list.filter((v) => v !== o.value) })}
            />{' '}
            {optionLabel(t, field, o)}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'enum') {
    return (
      <div className="field">
        <label htmlFor={`${id}-value`}>{t('staff.cs.value')}</label>
        <select id={`${id}-value`} value={c.value} onChange={(e) => onChange({ value: e.target.value })}>
          <option value="">{t('staff.choose')}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {optionLabel(t, field, o)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const type = field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text';
  const extra = field.type === 'number' ? { min: field.min, max: field.max, step: 'any', inputMode: 'decimal' as const } : {};
  if (c.op === 'between') {
    return (
      <>
        <div className="field">
          <label htmlFor={`${id}-value`}>{t('staff.from')}</label>
          <input id={`${id}-value`} type={type} {...extra} value={c.value} onChange={(e) => onChange({ value: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('staff.to')}</label>
          <input id={`${id}-to`} type={type} {...extra} value={c.to} onChange={(e) => onChange({ to: e.target.value })} />
        </div>
      </>
    );
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-value`}>{t('staff.cs.value')}</label>
      <input
        id={`${id}-value`}
        type={type}
        {...extra}
        maxLength={type === 'text' ? 100 : undefined}
        value={c.value}
        onChange={(e) => onChange({ value: e.target.value })}
      />
    </div>
  );
}
