import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from '../../components/form/form-validator';
import { useFormTexts } from '../../i18n/form-texts';
import { currentT, useT } from '../../i18n/texts';
import { templateName } from './components/template-name';
import './components/admin.css';

// The delivery lists are grids under the form: they load beside the page, so the form shows without
// waiting for them (staff pages' 200 kB budget, src/web/build/page-budgets.ts).
const DeliveryStatus = lazy(() => import('./components/delivery-status').then((m) => ({ default: m.DeliveryStatus })));

type Lookups = ApiResponse<'admin_notification_lookups'>;
const validator = formValidator('send_notification');

/**
 * SPEC §2 /admin/send_notification: write to selected users, a user group or a whole client, from
 * an e-mail template or typed, with one attachment (SPEC §5 extensions). Below, each notification's
 * delivery status per recipient: queued, sent, or failed with the reason.
 */
export default function SendNotification(_props: PageProps) {
  const t = useT();
  const texts = useFormTexts('send_notification');
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
  const groups = useMemo(
    () => (lookups?.groups.length ? lookups.groups : [{ id: 0, name: t('admin.notify.no_groups'), company_name: '' }]),
    [lookups, t],
  );
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
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
  }, [lookups, groups, data.audience, texts]);
  const chooseTemplate = (id: string) => {
    const template = lookups?.templates.find((candidate) => String(candidate.id) === id);
    if (!template) return;
    setData({ ...data, subject: template.subject, content: template.content });
    setFormKey((k) => k + 1);
  };
  if (!lookups)
    return (
      <section className="admin-page">
        <h1>{t('route.send_notification')}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  const base = texts.uiSchema as UiSchema;
  const uiSchema: UiSchema = {
    ...base,
    group_id: {
      ...(base.group_id as object),
      'ui:enumNames': groups.map((g) => (g.company_name ? `${g.name} (${g.company_name})` : g.name)),
    },
    client_id: { ...(base.client_id as object), 'ui:enumNames': lookups.clients.map((c) => c.company_name) },
    'ui:submitButtonOptions': { submitText: t(sending ? 'admin.notify.sending' : 'admin.notify.send'), props: { disabled: sending } },
  };
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.send_notification')}</h1>
      <div className="admin-form">
        <div className="field">
          <label htmlFor="notification-template">{t('admin.notify.template')}</label>
          <select id="notification-template" defaultValue="" onChange={(e) => chooseTemplate(e.target.value)}>
            <option value="">{t('admin.notify.type_message')}</option>
            {lookups.templates.map((template) => (
              // The stored name stays at hand as the option's tooltip.
              <option key={template.id} value={template.id} title={template.name}>
                {templateName(t, template.name)}
              </option>
            ))}
          </select>
        </div>
        <p className="muted">
          {t('admin.notify.variables', { first: '{{first_name}}', last: '{{last_name}}', company: '{{company_name}}' })}
        </p>
        <Form
          key={formKey}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          translateString={texts.translateString}
          formData={data}
          liveValidate="onChange"
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => setData(e.formData as Record<string, unknown>)}
          onSubmit={async (e) => {
            setSending(true);
            try {
              const { data: answer } = await call('admin_notification_send', {
                body: stripEmpty(e.formData as Record<string, unknown>) as ApiBody<'admin_notification_send'>,
              });
              // The server's sentence has the count inside it, so the page words it in the reader's language.
              const count = (answer as { recipients?: number }).recipients ?? 0;
              emitToast({
                message: currentT()(count === 1 ? 'admin.notify.queued_one' : 'admin.notify.queued', { count }),
                variant: 'success',
                duration: SUCCESS_TOAST_MS,
              });
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
      <Suspense fallback={null}>
        <DeliveryStatus refreshKey={sent} />
      </Suspense>
    </section>
  );
}
