import { TranslatableString, type IconButtonProps } from '@rjsf/utils';

/**
 * RJSF's add-item button with a visible, accessible name (WCAG 2.2 SC 4.1.2 and 2.5.3): the stock
 * one is an icon from a font this product does not load, so it showed as an empty box. The field's
 * uiSchema names it: `'ui:options': { addLabel: 'Add region' }`.
 */
export function LabelledAddButton({ id, className, onClick, disabled, uiSchema, registry }: IconButtonProps) {
  // Without a label of its own, RJSF's "Add Item" in the reader's language (the form's translateString).
  const label =
    (uiSchema?.['ui:options'] as { addLabel?: string } | undefined)?.addLabel ?? registry.translateString(TranslatableString.AddItemButton);
  return (
    <p className={className}>
      <button type="button" id={id} className="btn btn-info btn-add" onClick={onClick} disabled={disabled}>
        {label}
      </button>
    </p>
  );
}
