import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '../../app/history';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { validateForm } from '../../../shared/validation/validate-form';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from '../../components/form/form-validator';
import { PERMISSION_NAMES, PermissionMatrix } from './components/permission-matrix';
import { formMessage, useFormTexts } from '../../i18n/form-texts';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

const validator = formValidator('role');

/**
 * SPEC §2 /user/roles (Super_admin only), §6 role-add: the manifest's role form in RJSF with the
 * SPEC §5 messages ('Role Name field is required', 'Description field is required') shown as the
 * administrator types and when a field is left; saving validates first. The server validates again,
 * refuses unknown permissions, taken names and Super_admin, and audits the new role.
 */
export default function RoleAdd(_props: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const texts = useFormTexts('role');
  const latest = useRef<Record<string, unknown>>({ permissions: [] });
  const [changed, setChanged] = useState(false);
  const [blurErrors, setBlurErrors] = useState<ErrorSchema>({});
  const [saving, setSaving] = useState(false);
  /**
   * Live validation runs on change; a field left before anything was typed gets its message here,
   * from the same validator (RJSF's validateForm() would commit its older copy of the data).
   */
  const onBlur = (id: string) => {
    if (changed) return;
    const field = id.replace(/^root_/, '');
    const english = validateForm('role', stripEmpty(latest.current))[field];
    const message = english && formMessage('role', english);
    if (message) setBlurErrors((errors) => ({ ...errors, [field]: { __errors: [message] } }) as ErrorSchema);
  };
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    properties.permissions = { ...properties.permissions, items: { type: 'string', enum: PERMISSION_NAMES } };
    return { ...base, properties };
  }, [texts]);
  const uiSchema: UiSchema = {
    ...(texts.uiSchema as UiSchema),
    permissions: { 'ui:widget': PermissionMatrix },
    'ui:submitButtonOptions': { submitText: t('admin.roles.create'), props: { disabled: saving } },
  };
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.roles_add')}</h1>
      <p>
        <Link to={href('roles')}>{t('admin.roles.back')}</Link>
      </p>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        translateString={texts.translateString}
        formData={latest.current}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        // SPEC §5 messages also when a field is left, not only once it changes.
        onBlur={onBlur}
        extraErrors={changed ? undefined : blurErrors}
        onChange={(e) => {
          latest.current = e.formData as Record<string, unknown>;
          setChanged(true);
        }}
        onSubmit={async (e) => {
          setSaving(true);
          try {
            const { message } = await call('admin_role_create', {
              body: stripEmpty(e.formData as Record<string, unknown>) as ApiBody<'admin_role_create'>,
            });
            emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
            navigate(href('roles'));
          } catch {
            setSaving(false);
          }
        }}
      />
    </section>
  );
}
