import { useEffect, useRef, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { moneyInput, parseMoney } from '../../../shared/money/money';

/** What a money field's currency comes from: the form's context (`currency`) or another field (`currency_field`). */
export interface MoneyContext {
  readonly currency?: string;
  readonly values?: Readonly<Record<string, unknown>>;
}

/** The field's currency: the field `currency_field` names (a form that sets the currency too), else the form's. */
export function moneyCurrency(options: WidgetProps['options'], context: MoneyContext | undefined): string {
  const field = typeof options.currency_field === 'string' ? options.currency_field : null;
  const named = field ? context?.values?.[field] : undefined;
  const currency = typeof named === 'string' && named.trim() ? named : context?.currency;
  return (currency ?? '').trim().toUpperCase();
}

/**
 * A money field of a manifest form (`ui:widget: money`; docs/architecture.md "Money"): typed in
 * major units of the currency ("49.90", "4900" for yen), held and sent in its minor units, with the
 * currency code beside the box. Text that is not an amount in that currency is kept as typed and
 * given to the form as no number (NaN), so the field's `type` message shows under it and nothing is sent; a
 * currency changed in the same form reads the typed amount again in the new currency.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, registry, disabled, readonly, autofocus } = props;
  const currency = moneyCurrency(options, registry.formContext as MoneyContext | undefined);
  const shown = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? moneyInput(v, currency) : '');
  const [text, setText] = useState(() => shown(value));
  // Not an amount: NaN, which the field's integer type refuses, where text could be read as a number by RJSF ("110.00" as 110).
  const read = (typed: string) => (typed.trim() === '' ? undefined : (parseMoney(typed, currency) ?? Number.NaN));

  // A value set from outside (a record loaded, another form's reset) replaces what the box shows.
  const mine = useRef(value);
  useEffect(() => {
    if (!Object.is(value, mine.current)) {
      mine.current = value;
      setText(shown(value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of the value rewrites the box
  }, [value]);
  // Another currency: the same typed text means another amount (or none).
  const lastCurrency = useRef(currency);
  useEffect(() => {
    if (lastCurrency.current === currency) return;
    lastCurrency.current = currency;
    const next = read(text);
    if (!Object.is(next, value)) {
      mine.current = next;
      onChange(next);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of the currency alone
  }, [currency]);

  const change = (typed: string) => {
    setText(typed);
    const next = read(typed);
    mine.current = next;
    onChange(next);
  };
  return (
    <span className="money-input">
      <input
        id={id}
        name={id}
        className="form-control"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-describedby={`${ariaDescribedByIds(id)} ${id}__currency`}
        onChange={(e) => change(e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <span id={`${id}__currency`} className="money-currency">
        {currency}
      </span>
    </span>
  );
}
