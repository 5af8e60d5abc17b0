import { useCallback, useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { formValidator } from './components/form-validator';
import { useAdminForm } from './components/use-admin-form';
import './components/admin.css';

type ClientSettings = ApiResponse<'admin_assessment_settings'>['clients'][number];
const validator = formValidator('assessment_settings');
const AREA_TITLES: Record<string, string> = { office: 'Office', home: 'Home', anywhere: 'Anywhere', lab: 'Lab', travel: 'Travel' };

/**
 * SPEC §2 /admin/self_assesment (clients-edit): per client, the work areas its employees may assess,
 * the reassessment interval with its e-mailed reminder, and the evaluation follow-up delay. An area
 * is offered only when the client's content access also opens it; the page says which areas that
 * leaves. The server checks everything again and enforces the areas on every self-assessment call.
 */
export default function SelfAssessmentSettings(_props: PageProps) {
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
      <h1 id="page-heading">Self-Assessment Settings</h1>
      <p>
        Choose a client to set which self-assessments its employees are offered, how often they should take them again, and when evaluations
        are followed up.
      </p>
      {!clients ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="field">
          <label htmlFor="settings-client">Client</label>
          <select id="settings-client" value={clientId ?? ''} onChange={(e) => setClientId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">Select a client</option>
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
  const form = useAdminForm(client.settings, onSaved);
  const schema = forms.assessment_settings.schema as unknown as RJSFSchema;
  const uiSchema: UiSchema = useMemo(
    () => ({
      ...(forms.assessment_settings.uiSchema as UiSchema),
      'ui:submitButtonOptions': { submitText: 'Save settings', props: { disabled: form.saving } },
    }),
    [form.saving],
  );
  const missingAccess = client.settings.work_area.filter((a) => !client.access_list.includes(a));
  return (
    <>
      <p role="status" aria-live="polite">
        {client.company_name} offers:{' '}
        {client.offered.length ? client.offered.map((a) => AREA_TITLES[a] ?? a).join(', ') : 'no self-assessment'}.
        {missingAccess.length > 0 &&
          ` Not offered for lack of content access: ${missingAccess.join(', ')} (change the access list on the client form).`}
      </p>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={form.data}
        onChange={form.onChange}
        extraErrors={form.extraErrors}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        onSubmit={(e) =>
          form.save(
            (body) =>
              call('admin_assessment_settings_save', {
                params: { id: client.id },
                body: body as ApiBody<'admin_assessment_settings_save'>,
              }),
            e.formData,
          )
        }
      />
    </>
  );
}
