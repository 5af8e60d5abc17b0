import type { AnswerValue, CmdqRegionAnswer, Question } from '../../../../shared/assessment/types';
import { CmdqGrid } from './cmdq-grid';
import type { PageText } from '../../../components/assessment/page-text';

interface Props {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  t: PageText;
}

/** One question by its kind (src/shared/assessment/types.ts QuestionKind), with native, keyboard-ready controls. */
export function QuestionField({ question, value, onChange, t }: Props) {
  const help = question.help ? (
    <p className="muted" id={`${question.id}-help`}>
      {question.help}
    </p>
  ) : null;
  const required = question.required ? (
    <span className="required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  if (question.kind === 'cmdq') {
    return (
      <div className="question">
        {help}
        <CmdqGrid question={question} value={value as Record<string, CmdqRegionAnswer> | undefined} onChange={onChange} t={t} />
      </div>
    );
  }
  if (question.kind === 'number') {
    return (
      <div className="question field">
        <label htmlFor={`q-${question.id}`}>
          {question.text}
          {required}
        </label>
        {help}
        <input
          id={`q-${question.id}`}
          type="number"
          inputMode="decimal"
          min={question.min}
          max={question.max}
          required={question.required}
          aria-describedby={question.help ? `${question.id}-help` : undefined}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      </div>
    );
  }
  const multi = question.kind === 'multi';
  const chosen = multi ? ((value as readonly string[] | undefined) ?? []) : [];
  return (
    <fieldset className="question" aria-describedby={question.help ? `${question.id}-help` : undefined}>
      <legend>
        {question.text}
        {required}
      </legend>
      {help}
      {(question.options ?? []).map((option) => (
        <label key={option.id} className="choice">
          <input
            type={multi ? 'checkbox' : 'radio'}
            name={`q-${question.id}`}
            value={option.id}
            checked={multi ? chosen.includes(option.id) : value === option.id}
            onChange={(e) =>
              onChange(multi ? (e.target.checked ? [...chosen, option.id] : chosen.filter((c) => c !== option.id)) : option.id)
            }
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
