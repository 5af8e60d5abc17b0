import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import type { PageProps } from '../../app/page-props';
import { apiGet, apiPost } from '../../api/client';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from './components/form-validator';
import './components/admin.css';

interface Lookups { roles: { id: number; display_name: string }[]; clients: { id: number; company_name: string; regions: string[] }[] }
const validator = formValidator('user');

/**
 * SPEC §2 /admin/add_user and /admin/edit_user/:id: the manifest's user form rendered by RJSF,
 * validated on input and on blur with the SPEC §5 messages; saving validates first and the server
 * validates again with the same schema.
 */
export default function UserForm({ params }: PageProps) {
  const navigate = useNavigate();
  const id = params.id;
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    apiGet<Lookups>('/admin/lookups').then(({ data: l }) => setLookups(l), () => undefined);
    if (id) apiGet<{ user: Record<string, unknown> }>(`/admin/users/${id}`).then(({ data: d }) => {
      const { id: _id, status: _status, region, ...rest } = d.user;
      setData({ ...rest, ...(region ? { region } : {}) });
    }, () => undefined);
  }, [id]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = forms.user.schema as unknown as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (lookups) {
      properties.role_id = { ...properties.role_id, oneOf: lookups.roles.map((r) => ({ const: r.id, title: r.display_name })) };
      properties.client_id = { ...properties.client_id, oneOf: lookups.clients.map((c) => ({ const: c.id, title: c.company_name })) };
    }
    return { ...base, properties };
  }, [lookups]);
  const uiSchema: UiSchema = { ...(forms.user.uiSchema as UiSchema), 'ui:submitButtonOptions': { submitText: id ? 'Save user' : 'Create user', props: { disabled: saving } } };
  if (!lookups) return <section className="admin-page"><h1>{id ? 'Edit User' : 'Add User'}</h1><p role="status">Loading…</p></section>;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{id ? 'Edit User' : 'Add User'}</h1>
      {!id && <p>Leave the password empty to e-mail the new user a link to choose their own.</p>}
      {/* Uncontrolled: RJSF owns the data while editing; the key remounts it once the record has loaded. */}
      <Form key={id ? `user-${String(data.email ?? '')}` : 'new'} schema={schema} uiSchema={uiSchema} validator={validator} formData={data}
        liveValidate="onChange" showErrorList={false} noHtml5Validate
        onSubmit={async (e) => {
          setSaving(true);
          try {
            const { message } = await apiPost(id ? `/admin/users/${id}` : '/admin/users', stripEmpty(e.formData as Record<string, unknown>));
            emitToast({ message: message ?? 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
            navigate('/admin/all_users');
          } catch { setSaving(false); }
        }} />
    </section>
  );
}
