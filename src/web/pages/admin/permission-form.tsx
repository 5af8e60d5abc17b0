import { useState } from 'react';
import { useNavigate } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { ManifestForm } from '../../components/form/manifest-form';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /admin/add_Permission and /admin/edit_permission/:id: a permission added at run time. It
 * is granted to Super_admin at once and can be given to other roles in the roles matrix; renaming
 * it renames it in every role that holds it.
 */
export default function PermissionForm({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const id = params.id;
  const [removing, setRemoving] = useState(false);
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.edit_permission' : 'route.add_permission')}</h1>
      <ManifestForm
        key={id ?? 'new'}
        form="permission"
        initial={{ group: 'custom' }}
        submitText={t('admin.permissions.save')}
        load={
          id
            ? () =>
                call('admin_permission_get', { params: { id } }).then(({ data: d }) => {
                  const { id: _id, ...rest } = d.permission;
                  return rest;
                })
            : undefined
        }
        submit={(body) =>
          id
            ? call('admin_permission_update', { params: { id }, body: body as ApiBody<'admin_permission_update'> })
            : call('admin_permission_create', { body: body as ApiBody<'admin_permission_create'> })
        }
      />
      {id && (
        <p>
          <button
            type="button"
            className="button secondary"
            disabled={removing}
            onClick={async () => {
              if (!window.confirm(t('admin.permissions.confirm_remove'))) return;
              setRemoving(true);
              try {
                const { message } = await call('admin_permission_delete', { params: { id } });
                emitToast({ message: message ?? currentT()('admin.removed'), variant: 'success', duration: SUCCESS_TOAST_MS });
                navigate(href('all_permissions'));
              } catch {
                setRemoving(false);
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
