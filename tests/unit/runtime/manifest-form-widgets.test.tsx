// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManifestForm, type FormValues } from '../../../src/web/components/form/manifest-form';
import { loadFormPart } from '../../../src/web/components/form/form-parts';
import { ApiError } from '../../../src/web/api/errors';
import { loadPartTexts } from '../../../src/web/i18n/texts';
import { validateForm } from '../../../src/shared/validation/validate-form';

/**
 * ManifestForm's own widgets (manifest/README.md "forms"): a money field (`ui:widget: money`) typed in
 * the currency's major units and sent in its minor units (docs/architecture.md "Money"), and a text
 * per language (`ui:field: per-language`), each showing its validator's and the server's messages
 * under the right box. Rendered through the real manifest forms of the equipment catalogue.
 */
beforeAll(async () => {
  await loadPartTexts('staff', 'en');
  await loadPartTexts('equipment', 'en');
  // Each form's definition and validator is a chunk of its own, fetched before the form first shows.
  await Promise.all([loadFormPart('equipment_settings'), loadFormPart('equipment_item')]);
});
afterEach(cleanup);

const saved = (_body: FormValues) => Promise.resolve({ success: true, message: 'Saved', data: null });
const refused = (message: string, fields: Record<string, string>) =>
  Promise.reject(new ApiError(400, message, { success: false, errors: message, fields }));

const input = (root: HTMLElement, id: string) => {
  const found = root.querySelector<HTMLInputElement>(`#${id}`);
  if (!found) throw new Error(`no control #${id}`);
  return found;
};
const type = (root: HTMLElement, id: string, value: string) => fireEvent.change(input(root, id), { target: { value } });
const send = (root: HTMLElement) => fireEvent.submit(root.querySelector('form')!);
const errorOf = (root: HTMLElement, id: string) => root.querySelector(`#${id}__error`)?.textContent ?? '';

function settings(submit: (body: FormValues) => Promise<unknown>, initial: FormValues) {
  const { container } = render(
    <ManifestForm
      form="equipment_settings"
      initial={initial}
      submitText="Save settings"
      submit={submit as never}
      successMessage={() => null}
      onSaved={() => undefined}
    />,
  );
  return container;
}

describe('a money field', () => {
  it('shows minor units in the major units of the currency the form names, with its code, and sends minor units', async () => {
    const submit = vi.fn(saved);
    const root = settings(submit, { equipment_currency: 'USD', equipment_auto_approve_cents: 11000 });
    const auto = input(root, 'root_equipment_auto_approve_cents');
    expect(auto.value).toBe('110.00');
    const currency = auto
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('__currency'))!;
    expect(root.querySelector(`#${currency}`)?.textContent).toBe('USD');
    type(root, 'root_equipment_budget_cents', '1 234,5');
    send(root);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0]).toEqual({
      equipment_currency: 'USD',
      equipment_auto_approve_cents: 11000,
      equipment_budget_cents: 123450,
    });
  });

  it('reads what is typed again when the currency changes: yen have no cents, so 110.00 is refused under its field and nothing is sent', async () => {
    const submit = vi.fn(saved);
    const root = settings(submit, { equipment_currency: 'EUR', equipment_auto_approve_cents: 11000 });
    type(root, 'root_equipment_currency', 'JPY');
    await waitFor(() => expect(errorOf(root, 'root_equipment_auto_approve_cents')).toBe('Please give an amount such as 150 or 150.00.'));
    expect(input(root, 'root_equipment_auto_approve_cents').value).toBe('110.00');
    expect(input(root, 'root_equipment_auto_approve_cents').getAttribute('aria-invalid')).toBe('true');
    send(root);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submit).not.toHaveBeenCalled();

    type(root, 'root_equipment_auto_approve_cents', '4900');
    await waitFor(() => expect(errorOf(root, 'root_equipment_auto_approve_cents')).toBe(''));
    send(root);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0]).toEqual({ equipment_currency: 'JPY', equipment_auto_approve_cents: 4900 });
  });

  it("shows the server's refusal under its field, keeps what was typed, and drops the message when the field changes", async () => {
    const rule = 'The currency must be an ISO 4217 code such as EUR.';
    const submit = vi.fn((_body: FormValues) => refused(rule, { equipment_currency: rule }));
    const root = settings(submit, { equipment_currency: 'EUR', equipment_budget_cents: 500000 });
    type(root, 'root_equipment_currency', 'ZZZ');
    send(root);
    await waitFor(() => expect(errorOf(root, 'root_equipment_currency')).toBe(rule));
    expect(input(root, 'root_equipment_currency').value).toBe('ZZZ');
    expect(input(root, 'root_equipment_budget_cents').value).toBe('5000.00');
    expect(errorOf(root, 'root_equipment_budget_cents')).toBe('');
    type(root, 'root_equipment_currency', 'CHF');
    await waitFor(() => expect(errorOf(root, 'root_equipment_currency')).toBe(''));
  });
});

const CHOICES = {
  category: [{ value: 'seating', label: 'Seating' }],
  mode: [
    { value: 'bought', label: 'Bought' },
    { value: 'loaned', label: 'Loaned' },
  ],
};

function item(submit: (body: FormValues) => Promise<unknown>) {
  const { container } = render(
    <ManifestForm
      form="equipment_item"
      initial={{ category: 'seating', mode: 'bought', active: true }}
      currency="EUR"
      options={CHOICES}
      submitText="Save item"
      submit={submit as never}
      successMessage={() => null}
      onSaved={() => undefined}
    />,
  );
  return container;
}

describe('a text per language', () => {
  it('has a box per language, labelled in that language, the others folded away, and sends an object by language', async () => {
    const submit = vi.fn(saved);
    const root = item(submit);
    const name = root.querySelector('#root_name')!;
    expect([...name.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'English*',
      'Español',
      'Português',
      '中文',
      '日本語',
      '한국어',
      'Français',
      'Deutsch',
    ]);
    expect(name.querySelector('details')?.open).toBe(false);
    expect(input(root, 'root_name_de').getAttribute('lang')).toBe('de');
    // The description requires no language: English is the box shown.
    expect(root.querySelector('#root_description > .per-language-box #root_description_en')).not.toBeNull();

    type(root, 'root_slug', 'task-chair');
    type(root, 'root_price_cents', '39.90');
    type(root, 'root_name_en', 'Task chair');
    type(root, 'root_name_de', 'Bürostuhl');
    type(root, 'root_description_en', 'Adjustable.');
    send(root);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0]).toMatchObject({
      slug: 'task-chair',
      price_cents: 3990,
      name: { en: 'Task chair', de: 'Bürostuhl' },
      description: { en: 'Adjustable.' },
    });
  });

  it("puts the validator's message for a missing English name under the English box, and sends nothing", async () => {
    expect(
      validateForm('equipment_item', { slug: 'a', category: 'seating', price_cents: 1, mode: 'bought', name: { de: 'Stuhl' } }),
    ).toEqual({
      'name.en': 'The English name is required.',
    });
    const submit = vi.fn(saved);
    const root = item(submit);
    type(root, 'root_slug', 'task-chair');
    type(root, 'root_price_cents', '39');
    type(root, 'root_name_de', 'Bürostuhl');
    send(root);
    await waitFor(() => expect(errorOf(root, 'root_name_en')).toBe('The English name is required.'));
    expect(input(root, 'root_name_en').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(root, 'root_name_de')).toBe('');
    expect(submit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of one language under that language's box, opening the other languages, until it changes", async () => {
    const message = 'Name may not be greater than 200 characters';
    const submit = vi.fn((_body: FormValues) => refused(message, { 'name.de': message }));
    const root = item(submit);
    type(root, 'root_slug', 'task-chair');
    type(root, 'root_price_cents', '39');
    type(root, 'root_name_en', 'Task chair');
    type(root, 'root_name_fr', 'Chaise');
    send(root);
    await waitFor(() => expect(errorOf(root, 'root_name_de')).toBe(message));
    expect(errorOf(root, 'root_name_en')).toBe('');
    expect(errorOf(root, 'root_name_fr')).toBe('');
    expect(input(root, 'root_name_de').getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector<HTMLDetailsElement>('#root_name details')?.open).toBe(true);
    expect(input(root, 'root_name_en').value).toBe('Task chair');
    expect(input(root, 'root_name_fr').value).toBe('Chaise');
    type(root, 'root_name_de', 'Stuhl');
    await waitFor(() => expect(errorOf(root, 'root_name_de')).toBe(''));
  });
});
