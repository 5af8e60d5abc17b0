import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, FieldProps, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import type { FormName, FormPart, FormWidgets, GeneratedForm } from '../../../../generated/forms';
import { checkForm } from '../../../shared/validation/check-form';
import { href, type RouteName } from '../../../../generated/routes';
import { navigateTo } from '../../app/history';
import type { ApiResult } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { CodedMessage } from '../../../shared/server-messages';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formMessage, useFormTexts } from '../../i18n/form-texts';
import { currentT, messageText, useT } from '../../i18n/texts';
import { errorTree, fieldOfControl, formValidator, stripEmpty } from './form-validator';
import { loadFormPart, useFormPart } from './form-parts';
import { InvalidFieldTemplate } from './invalid-field-template';
import { LabelledAddButton } from './labelled-add-button';
import { MoneyWidget, type MoneyContext } from './money-widget';
import { PerLanguageField } from './per-language-field';
import { TextOverridesField } from './text-overrides-field';
import { serverFieldErrors } from './server-refusal';
import './manifest-form.css';

/** One choice of a field whose options come from a call (roles, clients, a client's regions). */
export interface FormOption {
  readonly value: string | number;
  readonly label: string;
}

export type FormValues = Record<string, unknown>;

/** A server's refusal of one field: its English message, and its code when it has variable parts. */
interface ServerFieldError {
  readonly message: string;
  readonly coded: CodedMessage | null;
}

/**
 * A button of the form beside (or instead of) its submit button (SPEC §5 forms with more than one
 * way out: "Save draft" and "Publish", a "Preview"). Each either saves with some values set, or runs
 * the page's action on the values, after the form's validator passes when `validate` is set.
 */
export type FormButton = { readonly label: string; readonly secondary?: boolean } & (
  { readonly saveWith: FormValues } | { readonly run: (values: FormValues) => unknown; readonly validate?: boolean }
);

/**
 * ManifestForm's own widgets and fields, which any manifest form may name (generator/emit/forms.ts
 * knows them): an amount of money (`ui:widget: money`), a text per language (`ui:field: per-language`)
 * and a client's wording of a page's texts, one box per text key (`ui:field: text-overrides`).
 */
const OWN_WIDGETS: Readonly<Record<string, ComponentType<WidgetProps>>> = { money: MoneyWidget };
const OWN_FIELDS = {
  'per-language': PerLanguageField as ComponentType<FieldProps>,
  'text-overrides': TextOverridesField as ComponentType<FieldProps>,
};

/** The page's renderer of each widget its form's uiSchema names that RJSF does not have (generated FormWidgets). */
type WidgetProp<F extends FormName> = [FormWidgets[F]] extends [never]
  ? { readonly widgets?: undefined }
  : { readonly widgets: Readonly<Record<FormWidgets[F], ComponentType<WidgetProps>>> };

export type ManifestFormProps<F extends FormName = FormName> = ManifestFormOptions<F> & WidgetProp<F>;

interface ManifestFormOptions<F extends FormName> {
  /** The manifest form (manifest/forms/<name>.yaml): fields, labels, help, messages, rules, widgets, `after_save`. */
  readonly form: F;
  /** An edit: reads the record (the form waits for it); absent, the form starts from `initial`. */
  readonly load?: () => Promise<FormValues>;
  readonly initial?: FormValues;
  /** The declared call that saves the form's values (blanks left out), by the typed `call` helper. */
  readonly submit: (body: FormValues) => Promise<ApiResult<unknown>>;
  readonly submitText: string;
  /** The button's words while saving, when they change ("Sending…"). */
  readonly savingText?: string;
  /** The success toast's words, when the page words the answer itself (null: no toast, the page shows the answer); else the server's message. */
  readonly successMessage?: (result: ApiResult<unknown>) => string | null;
  /** False while the form cannot be sent yet (nothing chosen to save it for). */
  readonly canSubmit?: boolean;
  /** The words shown while the record loads, when the page names what it loads ("Loading the post…"). */
  readonly loadingText?: string;
  /** False while the page still loads what the form's choices come from. */
  readonly ready?: boolean;
  /** Choices loaded from a call, by field: shown as a select of these values and names. */
  readonly options?: Readonly<Record<string, readonly FormOption[]>>;
  /** The page's additions to the manifest's uiSchema (placeholders in the reader's language, a hidden field). */
  readonly uiSchema?: UiSchema;
  /** The buttons, when the form has more than its one submit button (they replace it). */
  readonly buttons?: readonly FormButton[];
  /** Shown between the fields and the buttons (a note the buttons' result depends on). */
  readonly beforeButtons?: ReactNode;
  /** Every change of the values, for pages whose other parts follow the form (a client's regions). */
  readonly onValues?: (values: FormValues) => void;
  /** What a change implies for other fields (a region dropped when the client changes). */
  readonly adjust?: (values: FormValues, previous: FormValues) => FormValues;
  /** Fields the current choices leave out (another audience's field): neither shown nor sent. */
  readonly omit?: readonly string[];
  /** After the success toast; absent, the manifest's `after_save` route opens. */
  readonly onSaved?: (result: ApiResult<unknown>, values: FormValues) => void;
  /** The form's accessible name, when the page shows more than one form or names it otherwise. */
  readonly label?: string;
  /** The ISO 4217 currency of the money fields that name no `currency_field` of the form (a client's). */
  readonly currency?: string;
  /** The start of the controls' ids (`<prefix>_<field>`), when a page shows a second form (default `root`). */
  readonly idPrefix?: string;
}

/** Opens the route a form's manifest names for after a save (`after_save`), if it names one. */
function openAfterSaveOf(form: GeneratedForm): void {
  if (form.afterSave) navigateTo(href(form.afterSave as RouteName));
}

/** The same by the form's name, for a page that saves its form's values itself. */
export function openAfterSave(name: FormName): void {
  void loadFormPart(name).then((part) => openAfterSaveOf(part.form));
}

/**
 * An admin form rendered from its manifest entry (docs/architecture.md "React runtime", SPEC §5):
 * labels, help, required marks and options in the reader's language, the precompiled validator on
 * input and on blur, and the declared call. A widget the manifest names that RJSF lacks (a role's
 * permission matrix) is the page's, given in `widgets` (the generated FormWidgets types it); a form
 * with more ways out than one submit button lists them in `buttons`. A refused save keeps every value typed, shows the
 * server's message under each field it names (until that field changes), or under the button when it
 * names none; the button is disabled while saving, so one click sends one request. A saved form
 * opens the manifest's `after_save` route.
 *
 * @example
 *   <ManifestForm form="user_group" submitText={t('admin.groups.save')} options={{ client_id: clients }}
 *     submit={(body) => call('admin_user_group_create', { body: body as ApiBody<'admin_user_group_create'> })} />
 */
export function ManifestForm<F extends FormName>(props: ManifestFormProps<F>) {
  const t = useT();
  // The form's definition and validator arrive as a chunk of their own (form-parts.ts).
  const part = useFormPart(props.form);
  if (!part) return <p role="status">{props.loadingText ?? t('admin.loading')}</p>;
  return <LoadedForm {...(props as unknown as ManifestFormProps)} part={part} />;
}

function LoadedForm(props: ManifestFormProps & { readonly part: FormPart }) {
  const { part, submit, onSaved, onValues, adjust } = props;
  const prefix = props.idPrefix ?? 'root';
  const t = useT();
  const texts = useFormTexts(part.form);
  const validator = useMemo(() => formValidator(part), [part]);
  const [data, setData] = useState<FormValues | null>(props.load ? null : (props.initial ?? {}));
  const [fieldErrors, setFieldErrors] = useState<Record<string, ServerFieldError>>({});
  // A field left before anything was typed shows its message too (SPEC §5 "Validation fires on input
  // and blur"); once a value changes, live validation shows every field's.
  const [blurErrors, setBlurErrors] = useState<Record<string, string>>({});
  const changed = useRef(false);
  // The button that sent the form (RJSF validates, then submits), and its `run` or `saveWith`.
  const pressed = useRef<FormButton | null>(null);
  const [refusal, setRefusal] = useState('');
  const [saving, setSaving] = useState(false);
  // A second click or Enter before the first answer arrives sends nothing (the state updates a render later).
  const busy = useRef(false);
  const onValuesRef = useRef(onValues);
  onValuesRef.current = onValues;
  const current = useRef(data);
  current.current = data;

  // The record is read once per mount: a page showing another record mounts the form again (key).
  const load = useRef(props.load);
  useEffect(() => {
    if (!load.current) return;
    let live = true;
    load.current().then(
      (record) => {
        if (!live) return;
        setData(record);
        onValuesRef.current?.(record);
      },
      () => undefined, // the error toast explains; the form stays on its loading line
    );
    return () => {
      live = false;
    };
  }, []);

  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    // enum + names rather than oneOf: RJSF shows a oneOf field's own errors only after a choice.
    for (const [field, choices] of Object.entries(props.options ?? {}))
      if (properties[field]) properties[field] = { ...properties[field], enum: choices.map((c) => c.value) };
    for (const field of props.omit ?? []) delete properties[field];
    return { ...base, properties };
  }, [texts, props.options, props.omit]);
  const uiSchema = useMemo<UiSchema>(() => {
    const base = { ...(texts.uiSchema as UiSchema) };
    for (const [field, choices] of Object.entries(props.options ?? {}))
      base[field] = { ...(base[field] as object), 'ui:enumNames': choices.map((c) => c.label) };
    for (const [field, extra] of Object.entries(props.uiSchema ?? {}))
      base[field] = field.startsWith('ui:') ? extra : { ...(base[field] as object), ...(extra as object) };
    const submitText = saving && props.savingText ? props.savingText : props.submitText;
    base['ui:submitButtonOptions'] = { submitText, props: { disabled: saving || props.canSubmit === false } };
    return base;
  }, [texts, props.options, props.uiSchema, props.submitText, props.savingText, props.canSubmit, saving]);

  // The server's refusals are the manifest's English messages (or other known ones): in the reader's language.
  const extraErrors = useMemo(() => {
    const shown: Record<string, string> = { ...blurErrors };
    for (const [field, { message, coded }] of Object.entries(fieldErrors))
      shown[field] = messageText(t, formMessage(part.form, message), coded);
    return Object.keys(shown).length ? (errorTree(shown) as ErrorSchema) : undefined;
  }, [blurErrors, fieldErrors, part, t]);

  const onBlur = useCallback(
    (id: string) => {
      if (changed.current) return;
      const found = checkForm(part, stripEmpty(current.current ?? {}));
      const field = fieldOfControl(id, Object.keys(found), prefix);
      if (field) setBlurErrors((errors) => ({ ...errors, [field]: formMessage(part.form, found[field]!) }));
    },
    [part, prefix],
  );

  /** RJSF names the changed field by its id (`root_email`, `root_name_de`); a refusal stays until that field changes. */
  const onChange = useCallback(
    (next: { formData?: unknown }, id?: string) => {
      const given = (next.formData ?? {}) as FormValues;
      const values = adjust ? adjust(given, current.current ?? {}) : given;
      changed.current = true;
      setBlurErrors((errors) => (Object.keys(errors).length ? {} : errors));
      setData(values);
      onValues?.(values);
      if (id)
        setFieldErrors((errors) => {
          const field = fieldOfControl(id, Object.keys(errors), prefix);
          return field ? Object.fromEntries(Object.entries(errors).filter(([f]) => f !== field)) : errors;
        });
    },
    [onValues, adjust, prefix],
  );

  const save = async (typed: FormValues, set: FormValues = {}) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setData(typed);
    setRefusal('');
    // Values a button sets (a post's status) count once the server has accepted them.
    const values = { ...typed, ...set };
    try {
      const omitted = new Set(props.omit ?? []);
      const result = await submit(stripEmpty(Object.fromEntries(Object.entries(values).filter(([field]) => !omitted.has(field)))));
      if (Object.keys(set).length) {
        setData(values);
        onValuesRef.current?.(values);
      }
      const message = props.successMessage ? props.successMessage(result) : (result.message ?? currentT()('admin.saved'));
      if (message !== null) emitToast({ message, variant: 'success', duration: SUCCESS_TOAST_MS });
      if (onSaved) onSaved(result, values);
      else openAfterSaveOf(part.form);
    } catch (error) {
      const fields = serverFieldErrors(error);
      // A refusal with variable parts (a file's missing columns) comes coded: worded by its code under its field.
      const coded = error instanceof ApiError ? error.coded : null;
      setFieldErrors(
        Object.fromEntries(
          Object.entries(fields ?? {}).map(([field, message]) => [
            field,
            { message, coded: message === (error as Error).message ? coded : null },
          ]),
        ),
      );
      // A refusal that names fields is shown under them; one that names none, beside the button.
      setRefusal(!fields && error instanceof ApiError ? messageText(currentT(), formMessage(part.form, error.message), error.coded) : '');
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const onSubmit = (values: FormValues) => {
    const button = pressed.current;
    pressed.current = null;
    if (button && 'run' in button) {
      setData(values);
      void button.run(stripEmpty(values));
    } else void save(values, button?.saveWith);
  };

  if (!data || props.ready === false) return <p role="status">{props.loadingText ?? t('admin.loading')}</p>;
  const buttons = props.buttons && (
    <div className="form-buttons">
      {props.beforeButtons}
      {props.buttons.map((button) => {
        const className = button.secondary ? 'button secondary' : 'button';
        // A preview of what is typed so far runs without the validator; every other button submits.
        if ('run' in button && !button.validate)
          return (
            <button key={button.label} type="button" className={className} onClick={() => void button.run(stripEmpty(data))}>
              {button.label}
            </button>
          );
        return (
          <button
            key={button.label}
            type="submit"
            className={className}
            disabled={saving || props.canSubmit === false}
            onClick={() => {
              pressed.current = button;
            }}
          >
            {button.label}
          </button>
        );
      })}
    </div>
  );
  return (
    <div className="manifest-form" role={props.label ? 'group' : undefined} aria-label={props.label}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        translateString={texts.translateString}
        formData={data}
        onChange={onChange}
        extraErrors={extraErrors}
        widgets={{ ...OWN_WIDGETS, ...(props.widgets as Record<string, ComponentType<WidgetProps>> | undefined) }}
        fields={OWN_FIELDS}
        idPrefix={prefix}
        formContext={{ currency: props.currency, values: data } satisfies MoneyContext}
        templates={{ FieldTemplate: InvalidFieldTemplate, ButtonTemplates: { AddButton: LabelledAddButton } }}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        // A choice from a list is made, never preselected: the first option would otherwise become the value.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onBlur={onBlur}
        onSubmit={(e) => onSubmit((e.formData ?? {}) as FormValues)}
      >
        {buttons}
      </Form>
      <p className="form-refusal" role="alert">
        {refusal}
      </p>
    </div>
  );
}
