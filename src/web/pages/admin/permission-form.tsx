import { useEffect, useState } from 'react';
import { useNavigate } from '../../app/history';
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

const validator = formValidator('permission');

/**
 * SPEC §2 /admin/add_Permission and /admin/edit_permission/:id: a permission added at run time. It
 * is granted to Super_admin at once and can be given to other roles in the roles matrix; renaming
 * it renames it in every role that holds it.
 */
export default function PermissionForm({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const texts = useFormTexts('permission');
  const id = params.id;
  const [data, setData] = useState<Record<string, unknown> | null>(id ? null : { group: 'custom' });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (id)
      call('admin_permission_get', { params: { id } }).then(
        ({ data: d }) => {
          const { id: _id, ...rest } = d.permission;
          setData(rest);
        },
        () => setData({}),
      );
  }, [id]);
  const title = t(id ? 'route.edit_permission' : 'route.add_permission');
  if (!data)
    return (
      <section className="admin-page">
        <h1>{title}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  const uiSchema: UiSchema = {
    ...(texts.uiSchema as UiSchema),
    'ui:submitButtonOptions': { submitText: t('admin.permissions.save'), props: { disabled: saving } },
  };
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <Form
        schema={texts.schema as RJSFSchema}
        translateString={texts.translateString}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        onChange={(e) => setData(e.formData as Record<string, unknown>)}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        onSubmit={async (e) => {
          setSaving(true);
          try {
            const body = stripEmpty(e.formData as Record<string, unknown>);
            const { message } = await (id
              ? call('admin_permission_update', { params: { id }, body: body as ApiBody<'admin_permission_update'> })
              : call('admin_permission_create', { body: body as ApiBody<'admin_permission_create'> }));
            emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
            navigate(href('all_permissions'));
          } catch {
            setSaving(false);
          }
        }}
      />
      {id && (
        <p>
          <button
            type="button"
            className="button secondary"
            disabled={saving}
            onClick={async () => {
              if (!window.confirm(t('admin.permissions.confirm_remove'))) return;
              setSaving(true);
              try {
                const { message } = await call('admin_permission_delete', { params: { id } });
                emitToast({ message: message ?? currentT()('admin.removed'), variant: 'success', duration: SUCCESS_TOAST_MS });
                navigate(href('all_permissions'));
              } catch {
                setSaving(false);
              }
            }}
          >
            {t('admin.permissions.remove')}
          </button>
        </p>
      )}
    </section>
  );
}
