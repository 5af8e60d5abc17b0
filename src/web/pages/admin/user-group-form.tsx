import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/history';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from './components/form-validator';
import { useFormTexts } from '../../i18n/form-texts';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

const validator = formValidator('user_group');

/**
 * SPEC §2 /admin/user_group: add a user group, or edit one (?id=). Members are e-mail addresses of
 * the client's users; the server refuses anyone who is not a user of that client.
 */
export default function UserGroupForm(_props: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const texts = useFormTexts('user_group');
  const [search] = useSearchParams();
  const id = search.get('id');
  const [clients, setClients] = useState<{ id: number; company_name: string }[] | null>(null);
  const [data, setData] = useState<Record<string, unknown> | null>(id ? null : {});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    call('admin_lookups').then(
      ({ data: l }) => setClients(l.clients),
      () => setClients([]),
    );
    if (id)
      call('admin_user_group_get', { params: { id } }).then(
        ({ data: d }) => {
          const { group } = d;
          setData(stripEmpty({ name: group.name, client_id: group.client_id, description: group.description, members: group.members }));
        },
        () => setData({}),
      );
  }, [id]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    // enum + ui:enumNames rather than oneOf: RJSF shows a oneOf field's own errors only after a choice.
    if (clients) properties.client_id = { ...properties.client_id, enum: clients.map((c) => c.id) };
    return { ...base, properties };
  }, [clients, texts]);
  const title = t(id ? 'admin.groups.edit_title' : 'admin.groups.add_title');
  if (!clients || !data)
    return (
      <section className="admin-page">
        <h1>{title}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  const base = texts.uiSchema as UiSchema;
  const uiSchema: UiSchema = {
    ...base,
    client_id: { ...(base.client_id as object), 'ui:enumNames': clients.map((c) => c.company_name) },
    'ui:submitButtonOptions': { submitText: t('admin.groups.save'), props: { disabled: saving } },
  };
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <Form
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
          setSaving(true);
          try {
            const body = stripEmpty(e.formData as Record<string, unknown>);
            const { message } = await (id
              ? call('admin_user_group_update', { params: { id }, body: body as ApiBody<'admin_user_group_update'> })
              : call('admin_user_group_create', { body: body as ApiBody<'admin_user_group_create'> }));
            emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
            navigate(href('all_user_group'));
          } catch {
            setSaving(false);
          }
        }}
      />
    </section>
  );
}
