import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from '../../app/history';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { useSession } from '../../session/store';
import { formValidator } from './components/form-validator';
import { useAdminForm } from './components/use-admin-form';
import { useFormTexts } from '../../i18n/form-texts';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

type Lookups = ApiResponse<'admin_lookups'>;
const validator = formValidator('user');

/**
 * SPEC §2 /admin/add_user and /admin/edit_user/:id: the manifest's user form rendered by RJSF,
 * validated on input and on blur with the SPEC §5 messages; saving validates first and the server
 * validates again with the same schema. Role and client start empty (never a preselected first
 * option); the Super_admin role is offered only to a super admin (the only one the server lets hand
 * it out); the region is one of the chosen client's regions. A refused save keeps what was typed and
 * shows the server's message under its field.
 */
export default function UserForm({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const texts = useFormTexts('user');
  const id = params.id;
  const isSuperAdmin = useSession((s) => s.user?.role_name === 'Super_admin');
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [loaded, setLoaded] = useState(!id);
  const onSaved = useCallback(() => navigate(href('all_users')), [navigate]);
  const form = useAdminForm({}, onSaved, 'user');
  const { setData } = form;
  useEffect(() => {
    call('admin_lookups').then(
      ({ data: l }) => setLookups(l),
      () => undefined,
    );
    if (id)
      call('admin_user_get', { params: { id } }).then(
        ({ data: d }) => {
          const { id: _id, status: _status, region, ...rest } = d.user;
          setData({ ...rest, ...(region ? { region } : {}) });
          setLoaded(true);
        },
        () => undefined,
      );
  }, [id, setData]);
  const clientId = form.data.client_id;
  const regions = useMemo(() => lookups?.clients.find((c) => c.id === clientId)?.regions ?? [], [lookups, clientId]);
  // A region left over from another client is dropped when the client changes.
  useEffect(() => {
    if (lookups && typeof form.data.region === 'string' && !regions.includes(form.data.region)) setData(({ region: _r, ...rest }) => rest);
  }, [lookups, regions, form.data.region, setData]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (lookups) {
      const roles = lookups.roles.filter((r) => r.name !== 'Super_admin' || isSuperAdmin || r.id === form.data.role_id);
      properties.role_id = { ...properties.role_id, oneOf: roles.map((r) => ({ const: r.id, title: r.display_name })) };
      properties.client_id = { ...properties.client_id, oneOf: lookups.clients.map((c) => ({ const: c.id, title: c.company_name })) };
      if (regions.length) properties.region = { ...properties.region, oneOf: regions.map((r) => ({ const: r, title: r })) };
    }
    return { ...base, properties };
  }, [lookups, isSuperAdmin, regions, form.data.role_id, texts]);
  const uiSchema: UiSchema = {
    ...(texts.uiSchema as UiSchema),
    region: regions.length ? { 'ui:placeholder': t('admin.users.select_region') } : { 'ui:widget': 'hidden' },
    'ui:submitButtonOptions': { submitText: t(id ? 'admin.users.save' : 'admin.users.create'), props: { disabled: form.saving } },
  };
  if (!lookups || !loaded)
    return (
      <section className="admin-page">
        <h1>{t(id ? 'route.edit_user' : 'route.add_user')}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.edit_user' : 'route.add_user')}</h1>
      {!id && <p>{t('admin.users.password_hint')}</p>}
      {!regions.length && <p className="admin-hint">{t(clientId ? 'admin.users.no_regions' : 'admin.users.choose_client')}</p>}
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        translateString={texts.translateString}
        formData={form.data}
        onChange={form.onChange}
        extraErrors={form.extraErrors}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        // Role and client are chosen, never preselected: the first option would otherwise become the value.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onSubmit={(e) =>
          form.save(
            id
              ? (body) => call('admin_user_update', { params: { id }, body: body as ApiBody<'admin_user_update'> })
              : (body) => call('admin_user_create', { body: body as ApiBody<'admin_user_create'> }),
            e.formData,
          )
        }
      />
    </section>
  );
}
