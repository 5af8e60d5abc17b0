import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { ManifestForm, type FormOption } from '../../components/form/manifest-form';
import { CLIENT_TEXT_PAGES, clientTextsHref } from './components/client-text-pages';
import { useT } from '../../i18n/texts';
import './components/admin.css';

/**
 * SPEC §2 /admin/add_client and /admin/edit_client/:id: the manifest's client form with the
 * precompiled validator and SPEC §5 messages (names, codes, menu texts, image size and dimensions);
 * the server checks everything again, including the images' real bytes. The default user role offers
 * only roles the server accepts (none that opens the admin center), and a refused save keeps every
 * field (images included) with the server's message under the field it concerns.
 */
export default function ClientForm({ params }: PageProps) {
  const t = useT();
  const id = params.id;
  const [roles, setRoles] = useState<FormOption[] | null>(null);
  useEffect(() => {
    call('admin_client_lookups').then(
      ({ data: l }) => setRoles(l.roles.map((r) => ({ value: r.id, label: r.display_name }))),
      () => undefined,
    );
  }, []);
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.edit_client' : 'route.add_client')}</h1>
      {id && (
        <nav aria-label={t('admin.texts.nav')} className="admin-subnav">
          {CLIENT_TEXT_PAGES.map((p) => (
            <Link key={p.scope} to={clientTextsHref(p.scope, id)}>
              {t(p.label)}
            </Link>
          ))}
        </nav>
      )}
      <p>{t('admin.clients.image_sizes')}</p>
      <ManifestForm
        key={id ?? 'new'}
        form="client"
        ready={roles !== null}
        options={roles ? { default_user_role: roles } : undefined}
        uiSchema={{
          default_user_role: { 'ui:placeholder': t('admin.select_role') },
          regions: { 'ui:options': { addLabel: t('admin.clients.add_region') } },
        }}
        submitText={t(id ? 'admin.clients.save' : 'admin.clients.create')}
        load={id ? () => call('admin_client_get', { params: { id } }).then(({ data: d }) => d.client) : undefined}
        submit={(body) =>
          id
            ? call('admin_client_update', { params: { id }, body: body as ApiBody<'admin_client_update'> })
            : call('admin_client_create', { body: body as ApiBody<'admin_client_create'> })
        }
      />
    </section>
  );
}
