import { useLayoutEffect, useRef } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldTemplateProps } from '@rjsf/utils';

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

/**
 * RJSF's field with `aria-invalid` on its controls while the field shows an error (WCAG 2.2 SC 3.3.1):
 * the stock widgets tie the message to the control with aria-describedby (`<id>__error`) but never
 * mark the control invalid. The controls are found by that reference, so every widget (text, select,
 * checkboxes, radios, file) is covered without replacing it.
 */
export function InvalidFieldTemplate(props: FieldTemplateProps) {
  const box = useRef<HTMLDivElement>(null);
  const invalid = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  useLayoutEffect(() => {
    const controls = box.current?.querySelectorAll(`[aria-describedby~="${props.id}__error"]`) ?? [];
    for (const control of controls) {
      if (invalid) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  });
  return (
    <div ref={box} className="manifest-field">
      <DefaultFieldTemplate {...props} />
    </div>
  );
}
