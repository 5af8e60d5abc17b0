import { useCallback, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { ApiResult } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../../api/toast-bus';
import type { FormName } from '../../../../../generated/forms';
import { formMessage } from '../../../i18n/form-texts';
import { currentT, messageText } from '../../../i18n/texts';
import { stripEmpty } from './form-validator';

/** The server's refusal per field (`fields` of a 400 answer), or null when it names none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const fields = (error.body as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return null;
  const entries = Object.entries(fields as Record<string, unknown>).filter(([, m]) => typeof m === 'string') as [string, string][];
  return entries.length ? Object.fromEntries(entries) : null;
}

/**
 * The state of an admin RJSF form: the data as typed (the form is controlled, so nothing typed is
 * lost when a save is refused and the page re-renders), the saving flag, and the server's refusals
 * shown under the fields they concern (RJSF `extraErrors`) until that field is changed.
 *
 * @example
 *   const form = useAdminForm(initial, () => navigate(href('all_users')), 'user');
 *   <Form formData={form.data} onChange={form.onChange} extraErrors={form.extraErrors}
 *     onSubmit={(e) => form.save((body) => call('admin_user_create', { body: body as ApiBody<'admin_user_create'> }), e.formData)} />
 */
export function useAdminForm(initial: Record<string, unknown>, onSaved: () => void, name?: FormName) {
  const [data, setData] = useState<Record<string, unknown>>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  /** RJSF names the changed field by its id (`root_email`); a refusal stays until that field changes. */
  const onChange = useCallback((next: { formData?: unknown }, id?: string) => {
    setData((next.formData ?? {}) as Record<string, unknown>);
    const field = id?.replace(/^root_/, '');
    if (field)
      setServerErrors((errors) => (field in errors ? Object.fromEntries(Object.entries(errors).filter(([f]) => f !== field)) : errors));
  }, []);

  const save = useCallback(
    /** `send` makes the call by name (the form's values, blanks stripped, are its body: the server validates them). */
    async (send: (body: Record<string, unknown>) => Promise<ApiResult<unknown>>, formData: unknown) => {
      setSaving(true);
      setData(formData as Record<string, unknown>);
      try {
        const { message } = await send(stripEmpty(formData as Record<string, unknown>));
        emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
        onSaved();
      } catch (error) {
        setServerErrors(serverFieldErrors(error) ?? {});
        setSaving(false);
      }
    },
    [onSaved],
  );

  // The server's refusals are the manifest's English messages (or other known messages): shown in the reader's language.
  const shown = (message: string) => (name ? formMessage(name, message) : message);
  const extraErrors = Object.keys(serverErrors).length
    ? (Object.fromEntries(
        Object.entries(serverErrors).map(([field, message]) => [field, { __errors: [messageText(currentT(), shown(message))] }]),
      ) as ErrorSchema)
    : undefined;
  return { data, setData, saving, save, onChange, extraErrors };
}
