import { localizeSections } from '../../../../shared/evaluations/evaluation-texts';
import { sectionsFor, type ObservationField, type Observations } from '../../../../shared/evaluations/observation-form';
import { useT } from '../../../i18n/texts';
import { useEvaluationTexts } from './evaluation-texts';
import { sectionAnchor } from './evaluation-index';

/**
 * The ergonomist's observation form, drawn from content/evaluations/observations.json (SPEC §1):
 * one fieldset per section that applies to the work area, each field with its help text, in the
 * evaluator's interface language (content/evaluations/texts/).
 */
export function EvaluationObservations({
  workArea,
  value,
  onChange,
  readOnly = false,
}: {
  workArea: string;
  value: Observations;
  onChange: (next: Observations) => void;
  readOnly?: boolean;
}) {
  const texts = useEvaluationTexts();
  const set = (key: string, answer: string | string[] | undefined) => {
    const next = { ...value };
    if (answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0)) delete next[key];
    else next[key] = answer;
    onChange(next);
  };
  return (
    <div className="evaluation-observations">
      {localizeSections(sectionsFor(workArea), texts).map((section) => (
        <fieldset key={section.id} id={sectionAnchor(section.id)} tabIndex={-1} className="evaluation-section">
          <legend>{section.title}</legend>
          {section.help && <p className="field-help">{section.help}</p>}
          {section.fields.map((field) => (
            <Field key={field.key} field={field} value={value[field.key]} set={set} readOnly={readOnly} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function Field({
  field,
  value,
  set,
  readOnly,
}: {
  field: ObservationField;
  value: string | string[] | undefined;
  set: (key: string, v: string | string[] | undefined) => void;
  readOnly: boolean;
}) {
  const t = useT();
  const id = `obs-${field.key.replace(/[^a-z0-9]/gi, '-')}`;
  const help = field.help ? (
    <span id={`${id}-help`} className="field-help">
      {field.help}
    </span>
  ) : null;
  const described = field.help ? `${id}-help` : undefined;
  if (field.type === 'text') {
    return (
      <div className="evaluation-field">
        <label htmlFor={id}>{field.label}</label>
        {help}
        <textarea
          id={id}
          rows={3}
          maxLength={4000}
          readOnly={readOnly}
          aria-describedby={described}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(field.key, e.target.value)}
        />
      </div>
    );
  }
  if (field.type === 'multi') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="evaluation-field" aria-describedby={described}>
        <legend>{field.label}</legend>
        {help}
        {(field.options ?? []).map((o) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              disabled={readOnly}
              checked={chosen.includes(o.value)}
              onChange={(e) => set(field.key, e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
            />{' '}
            {o.label}
          </label>
        ))}
      </fieldset>
    );
  }
  const options =
    field.type === 'yesno'
      ? [
          { value: 'yes', label: t('grid.yes') },
          { value: 'no', label: t('grid.no') },
        ]
      : (field.options ?? []);
  return (
    <div className="evaluation-field">
      <label htmlFor={id}>{field.label}</label>
      {help}
      <select
        id={id}
        disabled={readOnly}
        aria-describedby={described}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(field.key, e.target.value || undefined)}
      >
        <option value="">{t('staff.obs.not_observed')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
