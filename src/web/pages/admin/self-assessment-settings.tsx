import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm } from '../../components/form/manifest-form';
import { useT } from '../../i18n/texts';
import './components/admin.css';

type ClientSettings = ApiResponse<'admin_assessment_settings'>['clients'][number];
const AREAS = new Set(['office', 'home', 'anywhere', 'lab', 'travel']);

/**
 * SPEC §2 /admin/self_assesment (clients-edit): per client, the work areas its employees may assess,
 * the reassessment interval with its e-mailed reminder, and the evaluation follow-up delay. An area
 * is offered only when the client's content access also opens it; the page says which areas that
 * leaves. The server checks everything again and enforces the areas on every self-assessment call.
 */
export default function SelfAssessmentSettings(_props: PageProps) {
  const t = useT();
  const [clients, setClients] = useState<ClientSettings[] | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const reload = useCallback(
    () =>
      call('admin_assessment_settings').then(
        ({ data }) => setClients(data.clients),
        () => undefined,
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const client = clients?.find((c) => c.id === clientId) ?? null;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.admin_self_assessment')}</h1>
      <p>{t('admin.settings.intro')}</p>
      {!clients ? (
        <p role="status">{t('admin.loading')}</p>
      ) : (
        <div className="field">
          <label htmlFor="settings-client">{t('form.user.client_id')}</label>
          <select id="settings-client" value={clientId ?? ''} onChange={(e) => setClientId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('admin.select_client')}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </select>
        </div>
      )}
      {client && <ClientSettingsForm key={client.id} client={client} onSaved={reload} />}
    </section>
  );
}

function ClientSettingsForm({ client, onSaved }: { client: ClientSettings; onSaved: () => void }) {
  const t = useT();
  const area = (a: string) => (AREAS.has(a.toLowerCase()) ? t(`report.area.${a.toLowerCase() as 'office'}`) : a);
  const missingAccess = client.settings.work_area.filter((a) => !client.access_list.includes(a));
  return (
    <>
      <p role="status" aria-live="polite">
        {t('admin.settings.offers', {
          company: client.company_name,
          areas: client.offered.length ? client.offered.map(area).join(', ') : t('admin.settings.offers_none'),
        })}
        {missingAccess.length > 0 && ` ${t('admin.settings.missing_access', { areas: missingAccess.map(area).join(', ') })}`}
      </p>
      <ManifestForm
        form="assessment_settings"
        initial={client.settings}
        submitText={t('admin.settings.save')}
        onSaved={onSaved}
        submit={(body) =>
          call('admin_assessment_settings_save', {
            params: { id: client.id },
            body: body as ApiBody<'admin_assessment_settings_save'>,
          })
        }
      />
    </>
  );
}
