import { useEffect, useState } from 'react';
import { useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { ManifestForm, type FormOption } from '../../components/form/manifest-form';
import { stripEmpty } from '../../components/form/form-validator';
import { useT } from '../../i18n/texts';
import './components/admin.css';

/**
 * SPEC §2 /admin/user_group: add a user group, or edit one (?id=). Members are e-mail addresses of
 * the client's users; the server refuses anyone who is not a user of that client, and says so under
 * the field.
 */
export default function UserGroupForm(_props: PageProps) {
  const t = useT();
  const [search] = useSearchParams();
  const id = search.get('id');
  const [clients, setClients] = useState<FormOption[] | null>(null);
  useEffect(() => {
    call('admin_lookups').then(
      ({ data: l }) => setClients(l.clients.map((c) => ({ value: c.id, label: c.company_name }))),
      () => setClients([]),
    );
  }, []);
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'admin.groups.edit_title' : 'admin.groups.add_title')}</h1>
      <ManifestForm
        key={id ?? 'new'}
        form="user_group"
        ready={clients !== null}
        options={clients ? { client_id: clients } : undefined}
        submitText={t('admin.groups.save')}
        load={
          id
            ? () =>
                call('admin_user_group_get', { params: { id } }).then(({ data: { group } }) =>
                  stripEmpty({ name: group.name, client_id: group.client_id, description: group.description, members: group.members }),
                )
            : undefined
        }
        submit={(body) =>
          id
            ? call('admin_user_group_update', { params: { id }, body: body as ApiBody<'admin_user_group_update'> })
            : call('admin_user_group_create', { body: body as ApiBody<'admin_user_group_create'> })
        }
      />
    </section>
  );
}
