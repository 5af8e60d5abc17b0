import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm, type FormValues } from '../../components/form/manifest-form';
import { currentT, useT } from '../../i18n/texts';
import { templateName } from './components/template-name';
import './components/admin.css';

// The delivery lists are grids under the form: they load beside the page, so the form shows without
// waiting for them (staff pages' 200 kB budget, src/web/build/page-budgets.ts).
const DeliveryStatus = lazy(() => import('./components/delivery-status').then((m) => ({ default: m.DeliveryStatus })));

type Lookups = ApiResponse<'admin_notification_lookups'>;

/**
 * SPEC §2 /admin/send_notification: write to selected users, a user group or a whole client, from
 * an e-mail template or typed, with one attachment (SPEC §5 extensions). Below, each notification's
 * delivery status per recipient: queued, sent, or failed with the reason.
 */
export default function SendNotification(_props: PageProps) {
  const t = useT();
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [values, setValues] = useState<FormValues>({ audience: 'users' });
  // A template's words replace the subject and content: the form starts again from them.
  const [start, setStart] = useState<{ key: number; values: FormValues }>({ key: 0, values: { audience: 'users' } });
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
  const audience = values.audience ?? 'users';
  // Only the field of the chosen audience is shown and sent; the server checks the same rule.
  const omit = useMemo(
    () =>
      (['recipients', 'group_id', 'client_id'] as const).filter(
        (f) => f !== { users: 'recipients', group: 'group_id', client: 'client_id' }[audience as 'users'],
      ),
    [audience],
  );
  const options = useMemo(
    () => ({
      group_id: groups.map((g) => ({ value: g.id, label: g.company_name ? `${g.name} (${g.company_name})` : g.name })),
      client_id: (lookups?.clients ?? []).map((c) => ({ value: c.id, label: c.company_name })),
    }),
    [groups, lookups],
  );
  const chooseTemplate = (id: string) => {
    const template = lookups?.templates.find((candidate) => String(candidate.id) === id);
    if (!template) return;
    setStart((s) => ({ key: s.key + 1, values: { ...values, subject: template.subject, content: template.content } }));
  };
  if (!lookups)
    return (
      <section className="admin-page">
        <h1>{t('route.send_notification')}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
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
        <ManifestForm
          key={start.key}
          form="send_notification"
          initial={start.values}
          options={options}
          omit={omit}
          onValues={setValues}
          submitText={t('admin.notify.send')}
          savingText={t('admin.notify.sending')}
          submit={(body) => call('admin_notification_send', { body: body as ApiBody<'admin_notification_send'> })}
          successMessage={({ data: answer }) => {
            // The server's sentence has the count inside it, so the page words it in the reader's language.
            const count = (answer as { recipients?: number }).recipients ?? 0;
            return currentT()(count === 1 ? 'admin.notify.queued_one' : 'admin.notify.queued', { count });
          }}
          onSaved={() => {
            setValues({ audience: 'users' });
            setStart((s) => ({ key: s.key + 1, values: { audience: 'users' } }));
            setSent((n) => n + 1);
          }}
        />
      </div>
      <Suspense fallback={null}>
        <DeliveryStatus refreshKey={sent} />
      </Suspense>
    </section>
  );
}
