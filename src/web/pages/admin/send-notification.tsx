import { useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from './components/form-validator';
import { DeliveryStatus } from './components/delivery-status';
import './components/admin.css';

type Lookups = ApiResponse<'admin_notification_lookups'>;
const validator = formValidator('send_notification');

/**
 * SPEC §2 /admin/send_notification: write to selected users, a user group or a whole client, from
 * an e-mail template or typed, with one attachment (SPEC §5 extensions). Below, each notification's
 * delivery status per recipient: queued, sent, or failed with the reason.
 */
export default function SendNotification(_props: PageProps) {
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({ audience: 'users' });
  const [formKey, setFormKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  useEffect(() => {
    call('admin_notification_lookups').then(
      ({ data: l }) => setLookups(l),
      () => setLookups({ clients: [], groups: [], templates: [] }),
    );
  }, []);
  const groups = useMemo(() => (lookups?.groups.length ? lookups.groups : [{ id: 0, name: 'No groups yet', company_name: '' }]), [lookups]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = forms.send_notification.schema as unknown as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    const audience = data.audience ?? 'users';
    // Only the field of the chosen audience is shown; the server checks the same rule.
    if (audience !== 'users') delete properties.recipients;
    // enum + ui:enumNames rather than oneOf: RJSF shows a oneOf field's own errors only after a choice.
    if (audience !== 'group') delete properties.group_id;
    else properties.group_id = { ...properties.group_id, enum: groups.map((g) => g.id) };
    if (audience !== 'client') delete properties.client_id;
    else properties.client_id = { ...properties.client_id, enum: (lookups?.clients ?? []).map((c) => c.id) };
    return { ...base, properties };
  }, [lookups, groups, data.audience]);
  const useTemplate = (id: string) => {
    const template = lookups?.templates.find((t) => String(t.id) === id);
    if (!template) return;
    setData({ ...data, subject: template.subject, content: template.content });
    setFormKey((k) => k + 1);
  };
  if (!lookups)
    return (
      <section className="admin-page">
        <h1>Send Notification</h1>
        <p role="status">Loading…</p>
      </section>
    );
  const base = forms.send_notification.uiSchema as UiSchema;
  const uiSchema: UiSchema = {
    ...base,
    group_id: {
      ...(base.group_id as object),
      'ui:enumNames': groups.map((g) => (g.company_name ? `${g.name} (${g.company_name})` : g.name)),
    },
    client_id: { ...(base.client_id as object), 'ui:enumNames': lookups.clients.map((c) => c.company_name) },
    'ui:submitButtonOptions': { submitText: sending ? 'Sending…' : 'Send notification', props: { disabled: sending } },
  };
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Send Notification</h1>
      <div className="admin-form">
        <div className="field">
          <label htmlFor="notification-template">Start from an e-mail template (optional)</label>
          <select id="notification-template" defaultValue="" onChange={(e) => useTemplate(e.target.value)}>
            <option value="">Type the message</option>
            {lookups.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <p className="muted">
          {'{{first_name}}'}, {'{{last_name}}'} and {'{{company_name}}'} are filled in for each recipient.
        </p>
        <Form
          key={formKey}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          liveValidate="onChange"
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => setData(e.formData as Record<string, unknown>)}
          onSubmit={async (e) => {
            setSending(true);
            try {
              const { message } = await call('admin_notification_send', {
                body: stripEmpty(e.formData as Record<string, unknown>) as ApiBody<'admin_notification_send'>,
              });
              emitToast({ message: message ?? 'Queued', variant: 'success', duration: SUCCESS_TOAST_MS });
              setData({ audience: 'users' });
              setFormKey((k) => k + 1);
              setSent((n) => n + 1);
            } catch {
              /* the toast explains */
            }
            setSending(false);
          }}
        />
      </div>
      <DeliveryStatus refreshKey={sent} />
    </section>
  );
}
