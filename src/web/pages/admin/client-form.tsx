import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import type { PageProps } from '../../app/page-props';
import { apiGet, apiPost } from '../../api/client';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from './components/form-validator';
import { CLIENT_TEXT_PAGES } from './components/client-text-pages';
import { LabelledAddButton } from './components/labelled-add-button';
import './components/admin.css';

const validator = formValidator('client');

/**
 * SPEC §2 /admin/add_client and /admin/edit_client/:id: the manifest's client form in RJSF with the
 * precompiled validator and SPEC §5 messages (names, codes, menu texts, image size and dimensions);
 * the server checks everything again, including the images' real bytes.
 */
export default function ClientForm({ params }: PageProps) {
  const navigate = useNavigate();
  const id = params.id;
  const [roles, setRoles] = useState<{ id: number; display_name: string }[] | null>(null);
  const [data, setData] = useState<Record<string, unknown> | null>(id ? null : {});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    apiGet<{ roles: { id: number; display_name: string }[] }>('/admin/client-lookups').then(({ data: l }) => setRoles(l.roles), () => undefined);
    if (id) apiGet<{ client: Record<string, unknown> }>(`/admin/clients/${id}`).then(({ data: d }) => setData(d.client), () => undefined);
  }, [id]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = forms.client.schema as unknown as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (roles) properties.default_user_role = { ...properties.default_user_role, oneOf: roles.map((r) => ({ const: r.id, title: r.display_name })) };
    return { ...base, properties };
  }, [roles]);
  const title = id ? 'Edit Client' : 'Add Client';
  const uiSchema: UiSchema = {
    ...(forms.client.uiSchema as UiSchema),
    default_user_role: { 'ui:placeholder': 'Select a role' },
    regions: { ...(forms.client.uiSchema as UiSchema).regions, 'ui:options': { addLabel: 'Add region' } },
    'ui:submitButtonOptions': { submitText: id ? 'Save client' : 'Create client', props: { disabled: saving } },
  };
  if (!roles || !data) return <section className="admin-page"><h1>{title}</h1><p role="status">Loading…</p></section>;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {id && (
        <nav aria-label="Client wording" className="admin-subnav">
          {CLIENT_TEXT_PAGES.map((p) => <Link key={p.scope} to={`/admin/edit_client/${p.scope}/${id}`}>{p.label}</Link>)}
        </nav>
      )}
      <p>Logo up to 400 × 200 pixels (1 MB), banner up to 1920 × 600 pixels (3 MB): jpg, jpeg, png, bmp, gif or svg.</p>
      {/* Uncontrolled: RJSF owns the data while editing; the key remounts it once the record has loaded. */}
      <Form key={id ? `client-${id}` : 'new'} schema={schema} uiSchema={uiSchema} validator={validator} formData={data}
        templates={{ ButtonTemplates: { AddButton: LabelledAddButton } }}
        liveValidate="onChange" showErrorList={false} noHtml5Validate
        // A role is chosen, never preselected: the first option would otherwise become the default.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onSubmit={async (e) => {
          setSaving(true);
          try {
            const { message } = await apiPost(id ? `/admin/clients/${id}` : '/admin/clients', stripEmpty(e.formData as Record<string, unknown>));
            emitToast({ message: message ?? 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
            navigate('/admin/all_clients');
          } catch { setSaving(false); }
        }} />
    </section>
  );
}
