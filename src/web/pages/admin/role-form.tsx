import { useEffect, useMemo, useState } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { permissions as catalogue } from '../../../../generated/permissions';
import { href } from '../../../../generated/routes';
import { ManifestForm } from '../../components/form/manifest-form';
import { PermissionMatrix, type GrantablePermission } from './components/permission-matrix';
import { useT } from '../../i18n/texts';
import './components/admin.css';

const WIDGETS = { 'permission-matrix': PermissionMatrix };

/**
 * SPEC §2 /user/roles/add and /user/roles/edit/:id (Super_admin only), §5 role form, §6 role-add and
 * role-edit: the manifest's role form with the SPEC §5 messages on input and when a field is left;
 * its permission matrix groups the catalogue and the permissions added in the admin
 * (/admin/add_Permission). The server validates again, refuses unknown permissions, a taken name
 * (under the Role Name field) and Super_admin, and audits the change.
 */
export default function RoleForm({ params }: PageProps) {
  const t = useT();
  const id = params.id;
  const [added, setAdded] = useState<readonly GrantablePermission[] | null>(null);
  useEffect(() => {
    call('admin_permissions', { query: { source: 'custom', size: 500 } }).then(
      ({ data }) => setAdded(data.rows),
      () => setAdded([]),
    );
  }, []);
  const grantable = useMemo(() => [...catalogue, ...(added ?? [])], [added]);
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.roles_edit' : 'route.roles_add')}</h1>
      <p>
        <Link to={href('roles')}>{t('admin.roles.back')}</Link>
      </p>
      <ManifestForm
        key={id ?? 'new'}
        form="role"
        ready={added !== null}
        widgets={WIDGETS}
        uiSchema={{ permissions: { 'ui:options': { grantable } } }}
        submitText={t(id ? 'admin.roles.save' : 'admin.roles.create')}
        initial={{ permissions: [] }}
        load={
          id
            ? () =>
                call('get_role_permissions', { params: { roleId: id } }).then(({ data }) => ({
                  name: data.records.display_name,
                  description: data.records.description,
                  permissions: [...data.grantedPermissions].sort(),
                }))
            : undefined
        }
        submit={(body) =>
          id
            ? call('admin_role_update', { params: { id }, body: body as ApiBody<'admin_role_update'> })
            : call('admin_role_create', { body: body as ApiBody<'admin_role_create'> })
        }
      />
    </section>
  );
}
