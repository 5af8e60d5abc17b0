import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '../../app/history';
import { permissions as catalogue } from '../../../../generated/permissions';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { validateForm } from '../../../shared/validation/validate-form';
import { permissionDescription, permissionGroup } from './components/permission-matrix';
import { formMessage } from '../../i18n/form-texts';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/roles/edit/:id: the role's name, description and permission matrix, by group. */
export default function RoleEdit({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // Permissions added in the admin (/admin/add_Permission) are grantable beside the catalogue.
  const [added, setAdded] = useState<{ name: string; group: string; description: string }[]>([]);
  useEffect(() => {
    call('admin_permissions', { query: { source: 'custom', size: 500 } }).then(
      ({ data }) => setAdded(data.rows),
      () => undefined,
    );
  }, []);
  const all = useMemo(() => [...catalogue, ...added], [added]);
  useEffect(() => {
    call('get_role_permissions', { params: { roleId: params.id! } }).then(
      ({ data }) => {
        setName(data.records.display_name);
        setDescription(data.records.description);
        setGranted(new Set(data.grantedPermissions));
        setLoaded(true);
      },
      () => undefined,
    );
  }, [params.id]);
  const groups = useMemo(() => [...new Set(all.map((p) => p.group))], [all]);
  const errors = Object.fromEntries(
    Object.entries(validateForm('role', { name, description, permissions: [...granted] })).map(([f, m]) => [f, formMessage('role', m)]),
  );
  const toggle = (permission: string) => {
    const next = new Set(granted);
    if (next.has(permission)) next.delete(permission);
    else next.add(permission);
    setGranted(next);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length) return;
    try {
      const { message } = await call('admin_role_update', {
        params: { id: params.id! },
        body: { name, description, permissions: [...granted].sort() },
      });
      emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
      navigate(href('roles'));
    } catch {
      /* the toast explains */
    }
  };
  if (!loaded)
    return (
      <section className="admin-page content-page">
        <h1>{t('route.roles_edit')}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  return (
    <section className="admin-page content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.roles_edit')}</h1>
      <form onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor="role-name">{t('form.role.name')}</label>
          <input
            id="role-name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && !!errors.name}
          />
          {touched && errors.name && <p className="field-error">{errors.name}</p>}
        </div>
        <div className="field">
          <label htmlFor="role-description">{t('form.role.description')}</label>
          <textarea
            id="role-description"
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && !!errors.description}
          />
          {touched && errors.description && <p className="field-error">{errors.description}</p>}
        </div>
        {groups.map((group) => (
          <fieldset key={group} className="permission-group">
            <legend>{permissionGroup(t, group)}</legend>
            {all
              .filter((p) => p.group === group)
              .map((p) => (
                <label key={p.name} className="permission">
                  <input type="checkbox" checked={granted.has(p.name)} onChange={() => toggle(p.name)} /> <code>{p.name}</code>{' '}
                  <span className="muted">{permissionDescription(t, p)}</span>
                </label>
              ))}
          </fieldset>
        ))}
        <button type="submit" className="button">
          {t('admin.roles.save')}
        </button>
      </form>
    </section>
  );
}
