import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { useSession } from '../../session/store';
import { ManifestForm, type FormValues } from '../../components/form/manifest-form';
import { useT } from '../../i18n/texts';
import './components/admin.css';

type Lookups = ApiResponse<'admin_lookups'>;

/**
 * SPEC §2 /admin/add_user and /admin/edit_user/:id: the manifest's user form, validated on input
 * and on blur with the SPEC §5 messages; saving validates first and the server validates again with
 * the same schema. Role and client start empty (never a preselected first option); the Super_admin
 * role is offered only to a super admin (the only one the server lets hand it out); the region is one
 * of the chosen client's regions. A refused save keeps what was typed and shows the server's message
 * under its field.
 */
export default function UserForm({ params }: PageProps) {
  const t = useT();
  const id = params.id;
  const isSuperAdmin = useSession((s) => s.user?.role_name === 'Super_admin');
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [values, setValues] = useState<FormValues>({});
  useEffect(() => {
    call('admin_lookups').then(
      ({ data: l }) => setLookups(l),
      () => undefined,
    );
  }, []);
  const regionsOf = useCallback((clientId: unknown) => lookups?.clients.find((c) => c.id === clientId)?.regions ?? [], [lookups]);
  const clientId = values.client_id;
  const regions = useMemo(() => regionsOf(clientId), [regionsOf, clientId]);
  // A region left over from another client is dropped when the client changes.
  const adjust = useCallback(
    (next: FormValues) => {
      if (typeof next.region !== 'string' || regionsOf(next.client_id).includes(next.region)) return next;
      const { region: _region, ...rest } = next;
      return rest;
    },
    [regionsOf],
  );
  const options = useMemo(() => {
    if (!lookups) return undefined;
    const roles = lookups.roles.filter((r) => r.name !== 'Super_admin' || isSuperAdmin || r.id === values.role_id);
    return {
      role_id: roles.map((r) => ({ value: r.id, label: r.display_name })),
      client_id: lookups.clients.map((c) => ({ value: c.id, label: c.company_name })),
      ...(regions.length ? { region: regions.map((r) => ({ value: r, label: r })) } : {}),
    };
  }, [lookups, isSuperAdmin, values.role_id, regions]);
  const load = id
    ? () =>
        call('admin_user_get', { params: { id } }).then(({ data: d }) => {
          const { id: _id, status: _status, region, ...rest } = d.user;
          return { ...rest, ...(region ? { region } : {}) };
        })
    : undefined;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.edit_user' : 'route.add_user')}</h1>
      {!id && <p>{t('admin.users.password_hint')}</p>}
      {lookups && !regions.length && <p className="admin-hint">{t(clientId ? 'admin.users.no_regions' : 'admin.users.choose_client')}</p>}
      <ManifestForm
        key={id ?? 'new'}
        form="user"
        ready={lookups !== null}
        options={options}
        adjust={adjust}
        onValues={setValues}
        uiSchema={{ region: regions.length ? { 'ui:placeholder': t('admin.users.select_region') } : { 'ui:widget': 'hidden' } }}
        submitText={t(id ? 'admin.users.save' : 'admin.users.create')}
        load={load}
        submit={(body) =>
          id
            ? call('admin_user_update', { params: { id }, body: body as ApiBody<'admin_user_update'> })
            : call('admin_user_create', { body: body as ApiBody<'admin_user_create'> })
        }
      />
    </section>
  );
}
